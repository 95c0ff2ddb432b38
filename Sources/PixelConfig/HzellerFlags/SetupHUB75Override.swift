import PixelPanels

extension Setup {
    /// This set-up with `translation`'s keys laid over its first HUB75 panel (main or status):
    /// the flags win over the panel's own keys, the keys they do not name stay. With no HUB75
    /// panel, `addsPanel` adds one of the flags' keys as the main panel (a command line without
    /// `--panel` or `--config`); otherwise it is refused. The pins are checked again, as the
    /// file's were.
    public func overridingHUB75(with translation: HzellerTranslation, addsPanel: Bool) throws -> Setup {
        var setup = self
        if let index = panels.firstIndex(where: { $0.description.bus == .gpio }) {
            var values = panels[index].description.givenValues
            for pair in translation.keys { values[pair.key] = pair.value }
            setup.panels[index].description = try HzellerTranslation.panel(values: values)
        } else if addsPanel && panels.isEmpty {
            setup.panels = [Panel(description: try translation.panel(), role: .main)]
        } else {
            throw HzellerFlagError.noHUB75Panel(place: file)
        }
        var checker = ConfigurationLoader.Checker(text: "", file: file)
        checker.checkPins(setup)
        guard checker.problems.isEmpty else { throw ConfigurationError(problems: checker.problems) }
        return setup
    }
}

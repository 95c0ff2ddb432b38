import Testing
import PixelPanels
@testable import PixelConfig

/// The HUB75 variant keys (row-address, driver, multiplexing) read from a configuration file
/// through the same parser as `--panel`, with a line per bad value.
struct HUB75VariantConfigurationTests {
    @Test func variantKeysAreReadFromTOML() throws {
        let text = """
            [[panel]]
            type = "hub75"
            cols = 32
            rows = 16
            multiplexing = 9
            row-address = "row-select"
            driver = "fm6126a"
            """
        let setup = try ConfigurationLoader.parse(text, file: "outdoor.toml")
        guard case let .hub75(c) = try #require(setup.panels.first).description.kind else {
            Issue.record("not a HUB75 panel")
            return
        }
        #expect(c.multiplexing?.name == "P10-128x4-Z" && c.rowAddressing == .rowSelect && c.driverChip == .fm6126a)
        #expect(c.width == 32 && c.height == 16 && c.geometry.columns == 128 && c.geometry.rows == 4)
    }

    @Test func badVariantValuesAreListedWithTheirLines() {
        let text = """
            [[panel]]
            type = "hub75"
            row-address = "shift"
            driver = "fm6128"
            """
        #expect {
            _ = try ConfigurationLoader.parse(text, file: "bad.toml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.problems.map { "\($0.line) \($0.keyPath)" } == ["3 panel[1].row-address", "4 panel[1].driver"]
                && error.description.contains("option 'driver' must be plain|fm6126a|fm6127 (got 'fm6128')")
        }
    }
}

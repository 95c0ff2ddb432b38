import PixelPanels

/// A `--trace-bus` file that cannot be read or does not fit the panel: one line naming where
/// and what would.
public enum TraceFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Line `line` of `file` is no transaction, because `reason`.
    case badLine(file: String, line: Int, reason: String)
    /// Transaction `index` of `file` cannot go to this panel's bus, because `reason`.
    case badTransaction(file: String, index: Int, reason: String)
    /// `file` holds no transactions.
    case empty(file: String)
    /// `file`'s traffic does not fit `panel` (`misfit` says how); the picture in `picture` shows
    /// what such a panel would.
    case misfit(file: String, panel: String, misfit: String, picture: String)

    public var description: String {
        switch self {
        case let .badLine(file, line, reason): "\(file) line \(line): \(reason)"
        case let .badTransaction(file, index, reason): "\(file) transaction \(index): \(reason)"
        case let .empty(file): "'\(file)' holds no transactions; record a trace with 'pixelwheel show IMAGE --panel TYPE:… --trace-bus FILE'"
        case let .misfit(file, panel, misfit, picture):
            "\(file) does not fit \(panel): \(misfit) (the picture in \(picture) is what such a panel would show)"
        }
    }
}

/// A `wiring` request the panel cannot answer.
public enum WiringError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `panel` is not wired to GPIO lines one by one.
    case notHUB75(panel: String, bus: String)
    /// No signal `name` in `panel`'s wiring; `signals` are its names.
    case noSignal(name: String, panel: String, signals: [String])

    public var description: String {
        switch self {
        case let .notHUB75(panel, bus):
            "wiring checks HUB75 panels (GPIO lines); '\(panel)' is on \(bus): check it with 'pixelwheel show --hardware'"
        case let .noSignal(name, panel, signals):
            "no HUB75 signal '\(name)' in the \(panel) wiring; use one of " + signals.joined(separator: ", ")
        }
    }
}

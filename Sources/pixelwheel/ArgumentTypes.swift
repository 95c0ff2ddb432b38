import ArgumentParser
import PixelRuntime

extension Seconds: ExpressibleByArgument {
    public init?(argument: String) { self.init(text: argument) }
    public var defaultValueDescription: String { text }
}

/// `--size WIDTHxHEIGHT`, parsed with the panel sizes' own rule and message.
func parsePanelSize(_ text: String) throws -> PanelSize { try PanelSize(parsing: text) }

extension PanelSize: ExpressibleByArgument {
    /// `WIDTHxHEIGHT`; nil when it is not a size (the message then shows the option's help).
    public init?(argument: String) { try? self.init(parsing: argument) }
}

extension OnOffDither: ExpressibleByArgument {}
extension GPIOBackend: ExpressibleByArgument {}

import PixelPanels

/// A `--led-*` flag PixelWheel does not take, or the panel the flags describe cannot be built.
/// Each message is one line that names the flag and says what to do.
public enum HzellerFlagError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `flag` (as written) is refused for `reason`.
    case refused(flag: String, reason: String)
    /// The flags translate, but the panel they describe is not valid.
    case panel(PanelConfigurationError)
    /// The flags change a HUB75 panel, but `place` has none.
    case noHUB75Panel(place: String)

    public var description: String {
        switch self {
        case let .refused(flag, reason):
            return "\(flag): \(reason)"
        case let .panel(error):
            return "the --led-* flags describe a panel PixelWheel cannot drive: \(error)"
        case let .noHUB75Panel(place):
            return "the --led-* flags change a HUB75 panel, but \(place) has none; "
                + "add a hub75 panel (pixelwheel config from-flags prints its [[panel]] table) or leave the flags out"
        }
    }
}

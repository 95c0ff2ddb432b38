/// The program's version, shown by `--version` and the About screen.
public enum PixelWheelVersion {
    /// The version, as `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}

/// The program's version, shown by `--version` and the About screen.
public enum PixelWheelVersion {
    public static let current = "0.1.0"
}

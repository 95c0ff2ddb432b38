/// How a photo is placed on a panel whose shape differs from its own.
public enum PhotoFit: String, CaseIterable, Sendable {
    /// The whole photo, as large as fits, centred, black bars beside or above it (aspect kept).
    /// This is what `pixelwheel show` does.
    case fit
    /// The panel covered: the photo scaled until both sides reach the panel's, centred, and
    /// what sticks out cropped equally from both ends (aspect kept).
    case fill
    /// The photo scaled to the panel's size along each axis separately (aspect lost).
    case stretch
}

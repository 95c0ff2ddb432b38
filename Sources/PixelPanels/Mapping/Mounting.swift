/// How a board is mounted: the one stage between the logical picture (what frames hold, x
/// right and y down) and the board, the same for every panel type.
///
/// The picture is turned by `rotation`, clockwise as seen from the front of the board, and
/// then flipped by `mirror` along the board's own axes (x: left ↔ right, y: top ↔ bottom).
/// The board's own wiring (a MAX7219 module, an HT16K33 layout, an IS31FL3731 board, a strip's
/// tiles, a HUB75 chain) comes after: it says which LED sits at each board position. A device
/// model's picture is the board in its own orientation, so it shows the picture turned.
///
/// | `rotate` | `mirror` | logical pixel (x, y) of a `w × h` picture lands on board LED | board size |
/// |---|---|---|---|
/// | 0 | — | (x, y) | w × h |
/// | 90 | — | (h − 1 − y, x): the top-left pixel at the top right | h × w |
/// | 180 | — | (w − 1 − x, h − 1 − y) | w × h |
/// | 270 | — | (y, w − 1 − x): the top-left pixel at the bottom left | h × w |
/// | any | `x` | the turned position, then x′ = width − 1 − x′ | as turned |
/// | any | `y` | the turned position, then y′ = height − 1 − y′ | as turned |
///
/// So `rotate=90` suits a board mounted a quarter turn anticlockwise (its top edge on the
/// left): the picture, turned a quarter clockwise on the board, reads upright.
public struct Mounting: Hashable, Sendable, CustomStringConvertible {
    /// The picture's clockwise turn on the board.
    public var rotation: Rotation
    /// The flip of the turned picture, along the board's axes.
    public var mirror: Mirror

    /// A board turned by `rotation`, then flipped by `mirror`.
    public init(rotation: Rotation = .upright, mirror: Mirror = []) {
        self.rotation = rotation
        self.mirror = mirror
    }

    /// No turn and no flip: the picture as the board's wiring lays it out.
    public static let upright = Mounting()

    /// True when the stage changes nothing.
    public var isUpright: Bool { rotation == .upright && mirror.isEmpty }

    /// The board size that shows a `width × height` picture (the sides swap for 90 and 270).
    public func boardSize(width: Int, height: Int) -> (width: Int, height: Int) {
        rotation.rotatedSize(width: width, height: height)
    }

    /// The picture size a `width × height` board shows (the sides swap for 90 and 270).
    public func pictureSize(boardWidth: Int, boardHeight: Int) -> (width: Int, height: Int) {
        rotation.rotatedSize(width: boardWidth, height: boardHeight)
    }

    /// Where on the board pixel (`x`, `y`) of a `width × height` picture lands.
    @inlinable public func boardPosition(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        let turned = rotation.rotate(x: x, y: y, width: width, height: height)
        let board = rotation.rotatedSize(width: width, height: height)
        return mirror.apply(x: turned.x, y: turned.y, width: board.width, height: board.height)
    }

    /// For each pixel of a `width × height` picture, row-major, the row-major index of the
    /// board position it lands on: the stage as a table, built once.
    public func boardIndices(width: Int, height: Int) -> [Int32] {
        let boardWidth = boardSize(width: width, height: height).width
        var indices = [Int32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = boardPosition(x: x, y: y, width: width, height: height)
                indices[y * width + x] = Int32(p.y * boardWidth + p.x)
            }
        }
        return indices
    }

    /// As written in a description: `rotate=90,mirror=x`, `rotate=0` when upright.
    public var description: String {
        "rotate=\(rotation)" + (mirror.isEmpty ? "" : ",mirror=\(mirror)")
    }
}

/// A layout of tiles or a logical picture that cannot be wired. Each message says what to change.
public enum PixelMapperError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The tile grid has no tiles.
    case noTiles(columns: Int, rows: Int)
    /// The list of tile rotations is empty.
    case noTileRotations
    /// Non-square tiles turned by 90° and by 0°/180° in one grid would not line up.
    case mixedTileFootprints(tileWidth: Int, tileHeight: Int)
    /// The logical picture, turned and offset, reaches past the edge of the board.
    case pictureDoesNotFit(width: Int, height: Int, rotation: Rotation, xOffset: Int, yOffset: Int, boardWidth: Int, boardHeight: Int)
    /// The logical picture has no pixels.
    case emptyPicture(width: Int, height: Int)

    /// One line naming the problem and the fix.
    public var description: String {
        switch self {
        case let .noTiles(columns, rows):
            return "a grid of \(columns)x\(rows) tiles has no tiles; give tiles=COLSxROWS with at least 1x1"
        case .noTileRotations:
            return "tile-rotate lists no rotation; give one of 0, 90, 180, 270, or several joined by ':'"
        case let .mixedTileFootprints(w, h):
            return "\(w)x\(h) tiles turned by 90/270 and by 0/180 in one grid do not line up; turn every tile by 0/180 or every tile by 90/270"
        case let .pictureDoesNotFit(w, h, rotation, x, y, bw, bh):
            return "a \(w)x\(h) picture turned \(rotation)° at offset (\(x), \(y)) does not fit the \(bw)x\(bh) board; make it smaller or change the offsets"
        case let .emptyPicture(w, h):
            return "a \(w)x\(h) picture has no pixels; give a width and height of at least 1"
        }
    }
}

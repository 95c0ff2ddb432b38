import PixelPanels

/// hzeller's `--led-pixel-mapper` chain (`Rotate:90;Mirror:H`, lib/pixel-mapper.cc) as one
/// PixelWheel mounting. Only `Rotate` and `Mirror` have an equivalent; the panel-arranging
/// mappers are refused.
///
/// In hzeller's library each mapper maps a point of what it shows to the canvas under it, and
/// the first mapper named sits on the matrix: the last one is nearest the picture. The chain
/// is composed exactly that way on a small board, and the mounting that moves every point to
/// the same place is the answer (the turns and flips of a rectangle form a group of eight, so
/// one always does).
public enum HzellerPixelMapper {
    /// One `Rotate` or `Mirror` mapper.
    public enum Step: Equatable, Sendable {
        /// `Rotate:DEGREES`, clockwise, normalised to 0, 90, 180 or 270.
        case rotate(Int)
        /// `Mirror:H` (the default) or `Mirror:V`.
        case mirror(horizontal: Bool)

        /// The size this mapper shows over a `width × height` canvas.
        func visibleSize(width: Int, height: Int) -> (width: Int, height: Int) {
            if case let .rotate(angle) = self, angle % 180 != 0 { return (height, width) }
            return (width, height)
        }

        /// The point of the `width × height` canvas under it that visible (`x`, `y`) lights:
        /// hzeller's `MapVisibleToMatrix`.
        func matrixPoint(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
            switch self {
            case .rotate(90): return (width - y - 1, x)
            case .rotate(180): return (width - x - 1, height - y - 1)
            case .rotate(270): return (y, height - x - 1)
            case .rotate: return (x, y)
            case let .mirror(horizontal): return horizontal ? (width - 1 - x, y) : (x, height - 1 - y)
            }
        }
    }

    /// The mappers of `text`, or the refusal of the first one PixelWheel has no equivalent for.
    public static func steps(_ text: String) throws(HzellerFlagError) -> [Step] {
        var steps: [Step] = []
        for segment in text.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = segment.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let parameter: String = parts.count > 1 ? String(parts[1]) : ""
            if name.isEmpty {
                guard parameter.isEmpty else { throw refusal("':\(parameter)' has no mapper name; write e.g. Rotate:\(parameter)") }
                continue
            }
            steps.append(try step(name: name, parameter: parameter))
        }
        return steps
    }

    /// One mapper by its name (any letter case, as hzeller looks it up) and parameter.
    static func step(name: String, parameter: String) throws(HzellerFlagError) -> Step {
        switch name.lowercased() {
        case "rotate":
            guard !parameter.isEmpty else { return .rotate(0) }
            guard let degrees = Int(parameter) else { throw refusal("Rotate takes degrees, e.g. Rotate:90 (got '\(parameter)')") }
            guard degrees % 90 == 0 else { throw refusal("Rotate turns by multiples of 90 degrees (got \(degrees))") }
            let turned: Int = (degrees % 360 + 360) % 360
            return .rotate(turned)
        case "mirror":
            switch parameter.lowercased() {
            case "", "h": return .mirror(horizontal: true)
            case "v": return .mirror(horizontal: false)
            default: throw refusal("Mirror takes H or V, e.g. Mirror:H (got '\(parameter)')")
            }
        case "u-mapper", "v-mapper", "stacktorow", "remap":
            throw refusal("PixelWheel lays a HUB75 chain out in one row and has no \(name) (not supported yet); "
                + "mount the panels in one row (chain=N makes it N panels wide) and leave the mapper out")
        default:
            throw refusal("hzeller's library has no mapper '\(name)'; PixelWheel takes Rotate and Mirror")
        }
    }

    /// The mounting that shows the picture as the chain `steps` does, or nil if none did
    /// (which the group of a rectangle's turns and flips rules out).
    public static func mounting(of steps: [Step]) -> Mounting? {
        // A board whose sides differ tells all eight turns and flips apart.
        var sizes: [(width: Int, height: Int)] = [(3, 2)]
        for step in steps {
            let below = sizes[sizes.count - 1]
            sizes.append(step.visibleSize(width: below.width, height: below.height))
        }
        let picture = sizes[sizes.count - 1]
        var lands: [(x: Int, y: Int)] = []
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                var point = (x: x, y: y)
                for index in stride(from: steps.count - 1, through: 0, by: -1) {
                    let under = sizes[index]
                    point = steps[index].matrixPoint(x: point.x, y: point.y, width: under.width, height: under.height)
                }
                lands.append(point)
            }
        }
        for candidate in candidates where agrees(candidate, with: lands, picture: picture) {
            return candidate
        }
        return nil
    }

    /// Every mounting, the simplest spelling of each first: a plain turn, then a plain flip,
    /// then a turn with a flip.
    static let candidates: [Mounting] = {
        var all: [Mounting] = Rotation.allCases.map { Mounting(rotation: $0) }
        for bits in 1...3 { all.append(Mounting(mirror: Mirror(rawValue: bits))) }
        for rotation in Rotation.allCases.dropFirst() {
            for bits in 1...3 { all.append(Mounting(rotation: rotation, mirror: Mirror(rawValue: bits))) }
        }
        return all
    }()

    /// Whether `mounting` puts each point of the `picture` where `lands` says.
    private static func agrees(_ mounting: Mounting, with lands: [(x: Int, y: Int)], picture: (width: Int, height: Int)) -> Bool {
        let board = mounting.boardSize(width: picture.width, height: picture.height)
        guard board.width == 3 && board.height == 2 else { return false }
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let got = mounting.boardPosition(x: x, y: y, width: picture.width, height: picture.height)
                let want = lands[y * picture.width + x]
                if got.x != want.x || got.y != want.y { return false }
            }
        }
        return true
    }

    /// A refusal of the `--led-pixel-mapper` flag.
    private static func refusal(_ reason: String) -> HzellerFlagError {
        .refused(flag: "--led-pixel-mapper", reason: reason)
    }
}

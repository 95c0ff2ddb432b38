import PixelCore
import PixelGames

/// Scripted games whose frames are golden: the wheel's input at fixed instants, the board
/// drawn at a fixed rate (64×32, S = 4, the 3×5 score font), the digest of all the frames.
/// Integer physics on 10 ms ticks makes them the same on every CPU; the cross harness
/// (`make test-cross`) checks them on ARM and RISC-V, `GoldenFrameTests` on the build machine.
public enum GoldenGames {
    /// One scripted game.
    public struct Script: Sendable {
        /// Which game.
        public let kind: GameKind
        /// The input, as (milliseconds from the start, input), in time order.
        public let inputs: [(Int, GameInput)]
        /// Frames drawn, at `framesPerSecond` from 0 s.
        public let frames: Int
        public let framesPerSecond: Int
        /// SHA-256 of the digests of the frames drawn while a game is in play (not over), one
        /// after the other, lowercase hex.
        public let digest: String

        /// "brick 150x@10fps".
        public var label: String { "\(kind.rawValue) \(frames)x@\(framesPerSecond)fps" }
    }

    /// Brick: launched, the paddle steered left and right, a life lost and the ball served
    /// again, 15 s in all.
    public static let brick = Script(
        kind: .brick,
        inputs: [(200, .press), (900, .turn(-2)), (1600, .turn(3)), (2300, .turn(1)), (3400, .turn(-4)), (4200, .turn(2)),
                 (5200, .turn(-1)), (6000, .press), (7100, .turn(5)), (8300, .press), (9000, .turn(-6)), (10_500, .press),
                 (11_000, .playPause), (12_000, .playPause), (12_500, .press), (13_000, .turn(2))],
        frames: 150, framesPerSecond: 10,
        digest: "15639d694ceb4c95351068a1bb254399408dff602793e0381ceefe5c3d8c7a06")

    /// Snake: turns both ways, a pause, until it hits the wall, then a new game.
    public static let snake = Script(
        kind: .snake,
        inputs: [(500, .turn(1)), (1100, .turn(-1)), (1900, .turn(-1)), (2500, .turn(-1)), (3000, .press), (3500, .press),
                 (4000, .turn(1)), (7000, .press), (7500, .turn(2))],
        frames: 100, framesPerSecond: 10,
        digest: "f1f59484ae39309a568841dd73c9951f3a8de1bfb18fe03714de83029f992d3a")

    /// Every scripted game.
    public static let all = [brick, snake]

    /// The digest of `script`'s frames, played through a `GameSession` as the app plays it.
    public static func digest(of script: Script) -> String {
        let width = GoldenFrames.width, height = GoldenFrames.height
        let font = PixelFont.tiny3x5
        var session = GameSession(kind: script.kind, width: width, height: height,
                                  scoreHeight: GamePainter.scoreHeight(height: height, font: font), best: 0, seed: GoldenFrames.seed, at: .zero)
        var canvas = Canvas(width: width, height: height, supersampling: GoldenFrames.supersampling)
        var next = 0
        var digests: [UInt8] = []
        for n in 0..<script.frames {
            let time = FrameTime.milliseconds(n * 1000 / script.framesPerSecond)
            while next < script.inputs.count, script.inputs[next].0 <= time.nanoseconds / 1_000_000 {
                session.handle(script.inputs[next].1, at: .milliseconds(script.inputs[next].0))
                next += 1
            }
            session.advance(to: time)
            guard !session.isOver else { continue }  // the game-over card is the app's, not the game's
            GamePainter.draw(session, on: &canvas, font: font, monochrome: false)
            digests += SHA256.digest(of: canvas.downsample().rawBytes)
        }
        return SHA256.hex(of: digests)
    }
}

import PixelBus
import PixelCore

/// A panel behind the mounting stage: frames arrive at the logical picture's size, and
/// `mounting` places each pixel on the board of the panel inside, which then wires it to its
/// LEDs as it always does. What `PanelDescription.makeDriver` builds for every type whose
/// `rotate` or `mirror` is set, except strips, whose pixel mapper folds the same stage into its
/// LED table.
///
/// A register chip inside stays restartable: a chip that vanished and came back is started
/// again through the stage, as without it.
public final class MountedPanel<Inner: Panel>: Panel {
    /// The board, as its own wiring lays it out.
    public let inner: Inner
    /// Logical picture → board.
    public let mounting: Mounting
    /// Logical width in LEDs.
    public let width: Int
    /// Logical height in LEDs.
    public let height: Int
    /// For each logical pixel (row-major), its board pixel (row-major).
    private let boardIndex: [Int32]
    /// Reused for every frame, so showing allocates nothing after the first.
    private var board: Frame

    /// `inner` mounted as `mounting` says.
    public init(_ inner: Inner, mounting: Mounting) {
        self.inner = inner
        self.mounting = mounting
        let picture = mounting.pictureSize(boardWidth: inner.width, boardHeight: inner.height)
        width = picture.width
        height = picture.height
        boardIndex = mounting.boardIndices(width: picture.width, height: picture.height)
        board = Frame(width: inner.width, height: inner.height)
    }

    /// Scales the board's brightness through its own path.
    public func setBrightness(percent: Int) throws(BusError) { try inner.setBrightness(percent: percent) }

    /// Places `frame` on the board and shows it there.
    public func show(_ frame: Frame) throws(BusError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidRequest(device: "mounted panel",
                                  reason: "frame is \(frame.width)×\(frame.height) LEDs but the picture is \(width)×\(height) "
                                      + "(the board turned by \(mounting)); render at the panel's size")
        }
        for i in 0..<frame.pixels.count { board.pixels[Int(boardIndex[i])] = frame.pixels[i] }
        try inner.show(board)
    }
}

extension MountedPanel: RestartablePanel where Inner: RestartablePanel {
    /// Starts the chip on the board again (see `RestartablePanel`).
    public func restart() throws(BusError) { try inner.restart() }
}

import PixelCore

/// Maps the logical picture (what frames hold, x right and y down) onto the LEDs of a chain.
///
/// The logical `width × height` picture goes through the mounting stage (`Mounting`: turned
/// by `rotation`, clockwise as seen on the board, then flipped by `mirror` in the turned
/// picture's axes) and is placed with its top-left corner at (`xOffset`, `yOffset`) on the
/// board that `layout` describes; the board says which LED sits there. The stage is folded
/// into the map, so a strip needs no `MountedPanel`. LEDs that no logical pixel reaches stay dark. The map is
/// a table built once, so looking up a pixel costs one array read.
public struct PixelMapper: Hashable, Sendable {
    /// The physical board and its chain.
    public let layout: ChainLayout
    /// Logical width in LEDs.
    public let width: Int
    /// Logical height in LEDs.
    public let height: Int
    /// Turn of the picture on the board.
    public let rotation: Rotation
    /// Flip of the turned picture.
    public let mirror: Mirror
    /// Board column of the turned picture's left edge.
    public let xOffset: Int
    /// Board row of the turned picture's top edge.
    public let yOffset: Int
    /// For each logical pixel (row-major), its LED.
    private let ledOfPixel: [Int32]
    /// For each LED, its logical pixel (row-major), or −1 when none reaches it.
    private let pixelOfLED: [Int32]

    /// A mapper onto `layout`. `width` and `height` default to the board (turned back by
    /// `rotation`) less the offsets.
    public init(layout: ChainLayout, rotation: Rotation = .upright, mirror: Mirror = [], width: Int? = nil,
                height: Int? = nil, xOffset: Int = 0, yOffset: Int = 0) throws(PixelMapperError) {
        let available = rotation.rotatedSize(width: layout.width - xOffset, height: layout.height - yOffset)
        let w = width ?? available.width, h = height ?? available.height
        guard w > 0, h > 0 else {
            if width == nil && height == nil && (xOffset > 0 || yOffset > 0) {
                throw .pictureDoesNotFit(width: w, height: h, rotation: rotation, xOffset: xOffset, yOffset: yOffset,
                                         boardWidth: layout.width, boardHeight: layout.height)
            }
            throw .emptyPicture(width: w, height: h)
        }
        let turned = rotation.rotatedSize(width: w, height: h)
        guard xOffset >= 0, yOffset >= 0, xOffset + turned.width <= layout.width, yOffset + turned.height <= layout.height else {
            throw .pictureDoesNotFit(width: w, height: h, rotation: rotation, xOffset: xOffset, yOffset: yOffset,
                                     boardWidth: layout.width, boardHeight: layout.height)
        }
        self.layout = layout
        self.width = w; self.height = h
        self.rotation = rotation; self.mirror = mirror
        self.xOffset = xOffset; self.yOffset = yOffset
        var ledOf = [Int32](repeating: 0, count: w * h)
        var pixelOf = [Int32](repeating: -1, count: layout.count)
        let mounting = Mounting(rotation: rotation, mirror: mirror)
        for y in 0..<h {
            for x in 0..<w {
                let m = mounting.boardPosition(x: x, y: y, width: w, height: h)
                let led = layout.ledIndex(x: m.x + xOffset, y: m.y + yOffset)
                ledOf[y * w + x] = Int32(led)
                pixelOf[led] = Int32(y * w + x)
            }
        }
        ledOfPixel = ledOf
        pixelOfLED = pixelOf
    }

    /// A mapper onto `layout` through `mounting` (see `init(layout:rotation:mirror:width:height:xOffset:yOffset:)`).
    public init(layout: ChainLayout, mounting: Mounting, width: Int? = nil, height: Int? = nil,
                xOffset: Int = 0, yOffset: Int = 0) throws(PixelMapperError) {
        try self.init(layout: layout, rotation: mounting.rotation, mirror: mounting.mirror, width: width, height: height,
                      xOffset: xOffset, yOffset: yOffset)
    }

    /// The mounting stage folded into this map.
    public var mounting: Mounting { Mounting(rotation: rotation, mirror: mirror) }

    /// A straight strip of `length` LEDs, logical pixel x on LED x.
    public static func strip(length: Int) -> PixelMapper {
        try! PixelMapper(layout: .strip(length: length))
    }

    /// One `width × height` grid wired by rows (or `columns`), straight or `serpentine`,
    /// shown upright.
    public static func grid(width: Int, height: Int, serpentine: Bool = false, columns: Bool = false) -> PixelMapper {
        try! PixelMapper(layout: .grid(width: width, height: height, serpentine: serpentine, columns: columns))
    }

    /// LEDs in the chain (at least `width × height`).
    public var ledCount: Int { layout.count }

    /// The LED that shows logical pixel (`x`, `y`).
    public func ledIndex(x: Int, y: Int) -> Int {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "(\(x), \(y)) is outside the \(width)×\(height) picture")
        return Int(ledOfPixel[y * width + x])
    }

    /// Where on the board logical pixel (`x`, `y`) is shown.
    public func boardPosition(x: Int, y: Int) -> (x: Int, y: Int) {
        layout.position(ofLED: ledIndex(x: x, y: y))
    }

    /// The logical pixel LED `index` shows, or nil when it stays dark.
    public func logicalPosition(ofLED index: Int) -> (x: Int, y: Int)? {
        let p = Int(pixelOfLED[index])
        return p < 0 ? nil : (p % width, p / width)
    }

    /// `frame`'s pixels in chain order, black for LEDs no pixel reaches. The frame must be
    /// `width × height`.
    public func chainPixels(from frame: Frame) -> [LinearColor] {
        precondition(frame.width == width && frame.height == height,
                     "a \(frame.width)×\(frame.height) frame on a \(width)×\(height) mapper")
        var out = [LinearColor](repeating: .black, count: layout.count)
        frame.pixels.withUnsafeBufferPointer { pixels in
            out.withUnsafeMutableBufferPointer { chain in
                for i in 0..<pixels.count { chain[Int(ledOfPixel[i])] = pixels[i] }
            }
        }
        return out
    }
}

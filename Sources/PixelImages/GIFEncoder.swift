import CGIF
import PixelSystem

/// the bytes. Not thread-safe; use it from one task.
public final class GIFEncoder {
    /// Frame width in pixels.
    public let width: Int
    /// Frame height in pixels.
    public let height: Int
    /// Frames appended so far.
    public private(set) var frameCount = 0

    private let sink = ByteSink()
    private var file: UnsafeMutablePointer<GifFileType>?

    /// Starts a GIF89a of `width × height` pixels (each 1...65535). With `loop` it repeats
    /// forever (NETSCAPE2.0 extension, loop count 0); without it, it plays once.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` for a bad size,
    ///   `ImageFileError.encodingFailed` if giflib fails.
    public init(width: Int, height: Int, loop: Bool = true) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw ImageFileError.invalidAnimation(
                detail: "frames are \(width)x\(height) pixels; a GIF frame is 1 to 65535 pixels each way")
        }
        self.width = width
        self.height = height
        var error: Int32 = 0
        let opened = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), { gif, data, count in
            guard let gif, let user = gif.pointee.UserData else { return 0 }
            guard let data, count > 0 else { return count == 0 ? 0 : -1 }
            Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue()
                .bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
            return count
        }, &error)
        guard let opened else {
            throw ImageFileError.encodingFailed(format: "GIF", detail: GIFFile.gifMessage(error))
        }
        file = opened
        // Graphics control and application extensions need GIF89a; giflib's low-level API
        // would otherwise write a GIF87a header.
        EGifSetGifVersion(opened, true)
        try check(EGifPutScreenDesc(opened, Int32(width), Int32(height), 8, 0, nil))
        if loop {
            try check(EGifPutExtensionLeader(opened, APPLICATION_EXT_FUNC_CODE))
            try check(Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(opened, 11, $0.baseAddress) })
            // Sub-block 1 (loop count), little-endian count 0 = forever.
            try check([UInt8]([1, 0, 0]).withUnsafeBytes { EGifPutExtensionBlock(opened, 3, $0.baseAddress) })
            try check(EGifPutExtensionTrailer(opened))
        }
    }

    deinit {
        if let file { _ = EGifCloseFile(file, nil) }
    }

    /// Adds a frame shown for `delayCentiseconds` hundredths of a second (0...65535).
    ///
    /// The frame is stored whole with its own colour table: exactly if it has at most 256
    /// distinct colours, otherwise reduced by `ColorQuantizer`.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` if the size differs from the encoder's, the
    ///   delay is out of range or the encoder is finished; `ImageFileError.encodingFailed` if
    ///   giflib fails (the encoder is then finished).
    public func append(_ image: RGBImage8, delayCentiseconds: Int) throws {
        guard let file else {
            throw ImageFileError.invalidAnimation(detail: "the encoder is already finished")
        }
        guard image.width == width, image.height == height else {
            throw ImageFileError.invalidAnimation(
                detail: "frame \(frameCount + 1) is \(image.width)x\(image.height) but the animation is \(width)x\(height)")
        }
        guard (0...65535).contains(delayCentiseconds) else {
            throw ImageFileError.invalidAnimation(
                detail: "frame \(frameCount + 1) has a delay of \(delayCentiseconds) cs; GIF delays are 0 to 65535 cs")
        }
        let (palette, indices) = ColorQuantizer.quantize(image)
        let width = self.width, height = self.height

        // Graphics control extension: disposal 1 (leave in place), no user input, no
        // transparency; delay little-endian.
        let control: [UInt8] = [0x04, UInt8(delayCentiseconds & 0xFF), UInt8(delayCentiseconds >> 8), 0]
        try check(control.withUnsafeBytes { EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, $0.baseAddress) })

        // giflib wants a power-of-two table of at least 2 entries; pad with black.
        var bits = 1
        while 1 << bits < palette.count { bits += 1 }
        var colors = palette.map { GifColorType(Red: UInt8($0 >> 16), Green: UInt8($0 >> 8 & 0xFF), Blue: UInt8($0 & 0xFF)) }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: (1 << bits) - colors.count)
        let described = colors.withUnsafeMutableBufferPointer { table in
            var map = ColorMapObject(ColorCount: Int32(table.count), BitsPerPixel: Int32(bits), SortFlag: false,
                                     Colors: table.baseAddress)
            return EGifPutImageDesc(file, 0, 0, Int32(width), Int32(height), false, &map)  // giflib copies the map
        }
        try check(described)

        // EGifPutLine masks the pixels in place, so it gets a private copy.
        var rows = indices
        let written = rows.withUnsafeMutableBufferPointer { pixels -> Int32 in
            for y in 0..<height {
                let result = EGifPutLine(file, pixels.baseAddress! + y * width, Int32(width))
                if result != GIF_OK { return result }
            }
            return GIF_OK
        }
        try check(written)
        frameCount += 1
    }

    /// Ends the GIF and returns its bytes. The encoder cannot be used afterwards.
    ///
    /// - Throws: `ImageFileError.invalidAnimation` if no frame was appended or it is already
    ///   finished; `ImageFileError.encodingFailed` if giflib fails.
    public func finish() throws -> [UInt8] {
        guard let file else {
            throw ImageFileError.invalidAnimation(detail: "the encoder is already finished")
        }
        self.file = nil
        var error: Int32 = 0
        let closed = EGifCloseFile(file, &error)
        guard frameCount > 0 else {
            throw ImageFileError.invalidAnimation(detail: "there are no frames")
        }
        guard closed == GIF_OK else {
            throw ImageFileError.encodingFailed(format: "GIF", detail: GIFFile.gifMessage(error))
        }
        return sink.bytes
    }

    /// Throws giflib's error (and closes the file) unless `result` is `GIF_OK`.
    private func check(_ result: Int32) throws {
        guard result != GIF_OK else { return }
        guard let file else {
            throw ImageFileError.encodingFailed(format: "GIF", detail: "the encoder is closed")
        }
        let detail = GIFFile.gifMessage(file.pointee.Error)
        self.file = nil
        _ = EGifCloseFile(file, nil)
        throw ImageFileError.encodingFailed(format: "GIF", detail: detail)
    }
}

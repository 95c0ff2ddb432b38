import CGIF

/// Reads a GIF one composed frame at a time, so an animation of any length plays in the
/// memory of its screen: the reader holds giflib's state, the screen as RGB and, while a
/// "restore previous" frame is drawn, one saved copy of it. No frame is kept once returned.
///
/// Frames are composed as viewers show them: the screen starts black, each image is drawn at
/// its place with its transparent colour (from its Graphic Control Extension) skipped, rows of
/// an interlaced image are put where they belong, parts outside the screen are clipped, and
/// each frame's disposal is applied before the next is drawn: 0 and 1 keep it, 2 clears its
/// area to black, 3 restores the screen as it was before it.
public final class GIFFrameReader {
    /// Width of the GIF's screen in pixels.
    public let width: Int
    /// Height of the GIF's screen in pixels.
    public let height: Int
    /// The NETSCAPE2.0 loop count found so far (usually before the first frame): nil for none
    /// (play once), 0 for "loop forever", otherwise the number of repetitions.
    public private(set) var loopCount: Int?

    /// The most pixels a screen may have: 2^24 (48 MiB as RGB).
    public static let maximumScreenPixels = 1 << 24

    private let source: ByteSource
    private var gif: UnsafeMutablePointer<GifFileType>
    private var screen: [UInt8]
    /// An image descriptor has been read and its pixels not yet.
    private var imagePending = false
    /// The Graphic Control Extension for the next image (giflib's defaults when absent).
    private var control = GIFFrameReader.noControl
    private var controlSeen = false
    private var ended = false
    private var failure: ImageFileError?
    private var framesRead = 0

    private static let noControl = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                                        DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)

    /// Opens the GIF in `bytes` and reads its screen descriptor; no frame is decoded yet.
    ///
    /// - Throws: `ImageFileError.notGIF` if the data does not start with `GIF87a`/`GIF89a`,
    ///   `ImageFileError.damagedGIF` if giflib cannot read the header or the screen is empty,
    ///   `ImageFileError.tooLarge` if the screen has more than 2^24 pixels.
    public convenience init(bytes: [UInt8]) throws {
        try self.init(bytes: bytes, maximumScreenPixels: Self.maximumScreenPixels)
    }

    /// `init(bytes:)` with another bound on the screen (`GIFFile.decode` keeps its own).
    init(bytes: [UInt8], maximumScreenPixels: Int) throws {
        guard bytes.count >= 6, bytes[0..<6].elementsEqual("GIF87a".utf8) || bytes[0..<6].elementsEqual("GIF89a".utf8) else {
            throw ImageFileError.notGIF(path: nil)
        }
        source = ByteSource(bytes)
        gif = try Self.open(source)
        let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
        guard w > 0, h > 0 else {
            _ = DGifCloseFile(gif, nil)
            throw ImageFileError.damagedGIF(path: nil, detail: "the screen is \(w)x\(h) pixels")
        }
        guard w <= maximumScreenPixels / h else {
            _ = DGifCloseFile(gif, nil)
            throw ImageFileError.tooLarge(path: nil, width: w, height: h, maximumPixels: maximumScreenPixels)
        }
        width = w
        height = h
        screen = [UInt8](repeating: 0, count: w * h * 3)
    }

    deinit { _ = DGifCloseFile(gif, nil) }

    /// The next frame as it appears on the screen and how long it stays up, in milliseconds
    /// (a delay under 20 ms counts as 100 ms, as browsers play it); nil after the last frame.
    ///
    /// - Throws: `ImageFileError.damagedGIF` (one line, giflib's reason) for a truncated or
    ///   damaged file, a frame without a colour table or a file without images; the frames
    ///   before it were returned. Every later call throws the same error.
    public func next() throws -> (image: RGBImage8, delayMilliseconds: Int)? {
        guard let (image, centiseconds) = try nextFrame() else { return nil }
        return (image, centiseconds * 10 < 20 ? 100 : centiseconds * 10)
    }

    /// Whether another frame follows; reads up to its image descriptor (extensions, loop
    /// count), not its pixels.
    ///
    /// - Throws: as `next()`.
    public func hasNextFrame() throws -> Bool { try guarded { try advance() } }

    /// Starts again from the first frame, on a black screen (for looping).
    ///
    /// - Throws: `ImageFileError.damagedGIF` if giflib cannot reopen the data.
    public func rewind() throws {
        _ = DGifCloseFile(gif, nil)
        source.offset = 0
        gif = try Self.open(source)
        for i in screen.indices { screen[i] = 0 }
        imagePending = false
        control = Self.noControl
        controlSeen = false
        ended = false
        failure = nil
        framesRead = 0
    }

    /// The next frame with its delay as the file gives it, in hundredths of a second.
    func nextFrame() throws -> (image: RGBImage8, delayCentiseconds: Int)? {
        try guarded {
            guard try advance() else { return nil }
            return try decodePendingImage()
        }
    }

    /// Runs `body`, remembering its error so that the stream stays ended with it.
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        if let failure { throw failure }
        do {
            return try body()
        } catch let error as ImageFileError {
            failure = error
            throw error
        }
    }

    private func damaged(_ detail: String? = nil) -> ImageFileError {
        .damagedGIF(path: nil, detail: detail ?? GIFFile.gifMessage(gif.pointee.Error))
    }

    /// Reads records up to the next image descriptor (true) or the end of the stream (false).
    private func advance() throws -> Bool {
        if imagePending { return true }
        if ended { return false }
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else { throw damaged() }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) == GIF_OK else { throw damaged() }
                // giflib also appends a SavedImage record per descriptor; drop it, so that a
                // long animation does not grow memory (gif.pointee.Image stays valid).
                GifFreeSavedImages(gif)
                gif.pointee.ImageCount = 0
                imagePending = true
                return true
            case EXTENSION_RECORD_TYPE:
                try readExtension()
            case TERMINATE_RECORD_TYPE:
                ended = true
                guard framesRead > 0 else { throw damaged("the file holds no images") }
                return false
            default:
                throw damaged()
            }
        }
    }

    /// Reads one extension: the first Graphic Control Extension before an image sets its
    /// delay, disposal and transparency; the first NETSCAPE2.0 (or ANIMEXTS1.0) sets the loop count.
    private func readExtension() throws {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>? = nil
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw damaged() }
        var index = 0, loopExtension = false
        while let data = block {
            let count = Int(data[0])
            if index == 0 && code == GRAPHICS_EXT_FUNC_CODE && !controlSeen {
                controlSeen = true
                _ = DGifExtensionToGCB(count, data + 1, &control)  // leaves the defaults when malformed
            } else if index == 0 && code == APPLICATION_EXT_FUNC_CODE && count == 11 {
                let name = UnsafeBufferPointer(start: data + 1, count: 11)
                loopExtension = name.elementsEqual("NETSCAPE2.0".utf8) || name.elementsEqual("ANIMEXTS1.0".utf8)
            } else if index == 1 && loopExtension && loopCount == nil && count >= 3 && data[1] == 1 {
                loopCount = Int(data[2]) | Int(data[3]) << 8
            }
            index += 1
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw damaged() }
        }
    }

    /// Draws the pending image onto the screen, returns the screen, then applies its disposal.
    private func decodePendingImage() throws -> (image: RGBImage8, delayCentiseconds: Int) {
        imagePending = false
        let frameNumber = framesRead + 1
        let desc = gif.pointee.Image
        guard let map = desc.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw damaged("frame \(frameNumber) has no colour table")
        }
        let colorCount = Int(map.pointee.ColorCount), transparent = Int(control.TransparentColor)
        let left = Int(desc.Left), top = Int(desc.Top), w = Int(desc.Width), h = Int(desc.Height)
        let rows = GIFFile.overlap(top, h, height), columns = GIFFile.overlap(left, w, width)
        let saved = control.DisposalMode == DISPOSE_PREVIOUS ? screen : nil
        if w > 0 && h > 0 {
            // Rows in the order they are stored; after the last one on the screen the rest of
            // the image is skipped undecoded (a huge frame beside a small screen costs nothing).
            let order = Self.rowOrder(height: h, interlaced: desc.Interlace)
            let lastUseful = rows.isEmpty ? -1 : order.lastIndex { rows.contains(top + $0) } ?? -1
            var line = [GifPixelType](repeating: 0, count: w)
            let screenWidth = width
            for row in order.prefix(lastUseful + 1) {
                guard DGifGetLine(gif, &line, Int32(w)) == GIF_OK else { throw damaged() }
                let y = top + row
                guard rows.contains(y) else { continue }
                screen.withUnsafeMutableBufferPointer { pixels in
                    for x in columns {
                        let value = Int(line[x - left])
                        if value == transparent { continue }
                        let o = (y * screenWidth + x) * 3
                        if value < colorCount {
                            let c = colors[value]
                            pixels[o] = c.Red; pixels[o + 1] = c.Green; pixels[o + 2] = c.Blue
                        } else {
                            pixels[o] = 0; pixels[o + 1] = 0; pixels[o + 2] = 0
                        }
                    }
                }
            }
            if lastUseful < h - 1 { try skipRestOfImage() }
        } else {
            try skipRestOfImage()
        }
        framesRead += 1
        let image = RGBImage8(width: width, height: height, bytes: screen)
        let delay = Int(control.DelayTime)
        switch control.DisposalMode {
        case DISPOSE_BACKGROUND:
            for y in rows where !columns.isEmpty {
                for o in ((y * width + columns.lowerBound) * 3)..<((y * width + columns.upperBound) * 3) { screen[o] = 0 }
            }
        case DISPOSE_PREVIOUS:
            if let saved { screen = saved }
        default:
            break
        }
        control = Self.noControl
        controlSeen = false
        return (image, delay)
    }

    /// Skips the image's remaining data sub-blocks without decoding them (giflib has read its
    /// LZW code size, and the decoder stops at a sub-block's end).
    private func skipRestOfImage() throws {
        var block: UnsafeMutablePointer<GifByteType>? = nil
        repeat {
            guard DGifGetCodeNext(gif, &block) == GIF_OK else { throw damaged() }
        } while block != nil
    }

    /// The image rows in the order they are stored: top to bottom, or the four passes of an
    /// interlaced image (every 8th row from 0, every 8th from 4, every 4th from 2, every 2nd from 1).
    static func rowOrder(height: Int, interlaced: Bool) -> [Int] {
        guard interlaced else { return Array(0..<height) }
        return [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Swift.stride(from: start, to: height, by: step) }
    }

    /// Opens giflib on `source` and reads the screen descriptor.
    private static func open(_ source: ByteSource) throws -> UnsafeMutablePointer<GifFileType> {
        var error: Int32 = 0
        let opened = DGifOpen(Unmanaged.passUnretained(source).toOpaque(), { gif, buffer, count in
            guard let gif, let buffer, count > 0, let user = gif.pointee.UserData else { return 0 }
            return Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue().copy(into: buffer, count: Int(count))
        }, &error)
        guard let opened else { throw ImageFileError.damagedGIF(path: nil, detail: GIFFile.gifMessage(error)) }
        return opened
    }
}

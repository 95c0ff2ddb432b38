import CPixelJPEG

/// Reads JPEG photos with libjpeg-turbo, for `pixelwheel show` and the Photos app.
public enum JPEGFile {
    /// Whether `bytes` start like a JPEG (the SOI marker, then another marker).
    public static func looksLikeJPEG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// Decodes a baseline or progressive JPEG (greyscale or colour) into 8-bit RGB. The size
    /// in its header is checked before any pixel is decoded: at most 2^25 pixels.
    ///
    /// - Throws: `ImageFileError.damagedJPEG` when libjpeg cannot read it (or it is CMYK),
    ///   `ImageFileError.tooLarge` when it has too many pixels.
    public static func decode(_ bytes: [UInt8]) throws -> RGBImage8 {
        try decode(bytes, atLeast: 0, 0, scaling: false)
    }

    /// Decodes a JPEG as `decode(_:)` does, but reduced in libjpeg's DCT by the smallest of
    /// 1/8, 2/8, … 8/8 that leaves it at least `width` × `height` pixels (whole when it is
    /// smaller than that): a 4000 × 3000 photo for a 256 × 128 target decodes at 500 × 375,
    /// in a 64th of the memory and a fraction of the time. The scaled size is checked
    /// before any pixel is decoded.
    ///
    /// - Throws: as `decode(_:)`.
    public static func decode(_ bytes: [UInt8], atLeast width: Int, _ height: Int) throws -> RGBImage8 {
        try decode(bytes, atLeast: width, height, scaling: true)
    }

    /// The largest progressive JPEG the reduced decode takes (Photos): 8 megapixels, 24 MB of
    /// coefficients, so a slideshow stays under 64 MiB; a baseline one of any size decodes in
    /// strips at the reduced size.
    public static let maximumProgressivePixels = 8_000_000

    /// The size `decode(_:atLeast:_:)` gives for a `width × height` target, from the header alone.
    static func scaledSize(_ bytes: [UInt8], atLeast width: Int, _ height: Int) throws -> (width: Int, height: Int) {
        var message = [CChar](repeating: 0, count: 256)
        let scaled = try header(bytes, width, height, &message)
        return (Int(scaled.output_width), Int(scaled.output_height))
    }

    private static func header(_ bytes: [UInt8], _ width: Int, _ height: Int, _ message: inout [CChar]) throws -> pw_jpeg_scaled {
        var scaled = pw_jpeg_scaled()
        let target = (Int32(clamping: width), Int32(clamping: height))
        let read = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer {
                pw_jpeg_scaled_size(data.baseAddress, data.count, target.0, target.1, &scaled, $0.baseAddress, $0.count)
            }
        }
        guard read == 0 else { throw failure(message) }
        return scaled
    }

    private static func decode(_ bytes: [UInt8], atLeast width: Int, _ height: Int, scaling: Bool) throws -> RGBImage8 {
        var message = [CChar](repeating: 0, count: 256)
        let scaled = try header(bytes, width, height, &message)
        let sourceWidth = Int(scaled.image_width), sourceHeight = Int(scaled.image_height)
        guard sourceWidth > 0, sourceHeight > 0, sourceWidth <= ImageLimits.maximumDecodedPixels / sourceHeight else {
            throw ImageFileError.tooLarge(path: nil, width: sourceWidth, height: sourceHeight,
                                          maximumPixels: ImageLimits.maximumDecodedPixels)
        }
        // A progressive picture's coefficients are all held while it decodes, at any scale.
        if scaling, scaled.progressive != 0, sourceWidth * sourceHeight > maximumProgressivePixels {
            throw ImageFileError.progressiveTooLarge(path: nil, pixels: sourceWidth * sourceHeight, maximumPixels: maximumProgressivePixels)
        }
        let scale = scaling ? scaled.scale_num : 8
        let w = scaling ? Int(scaled.output_width) : sourceWidth, h = scaling ? Int(scaled.output_height) : sourceHeight
        guard w > 0, h > 0 else { throw ImageFileError.damagedJPEG(path: nil, detail: "the picture is \(w)x\(h) pixels") }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        let decoded = bytes.withUnsafeBufferPointer { data in
            rgb.withUnsafeMutableBufferPointer { out in
                message.withUnsafeMutableBufferPointer {
                    pw_jpeg_decode_scaled(data.baseAddress, data.count, scale, out.baseAddress, out.count, $0.baseAddress, $0.count)
                }
            }
        }
        guard decoded == 0 else { throw failure(message) }
        return RGBImage8(width: w, height: h, bytes: rgb)
    }

    /// libjpeg's message as an error.
    private static func failure(_ message: [CChar]) -> ImageFileError {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .damagedJPEG(path: nil, detail: text)
    }

    /// A baseline JPEG of `image` at `quality` (1 … 100), for tests and fuzz seeds; with
    /// `height` greater than the image's, its rows repeat downwards (a tall picture from a
    /// short buffer).
    ///
    /// - Throws: `ImageFileError.encodingFailed` with libjpeg's message.
    static func encode(_ image: RGBImage8, height: Int? = nil, quality: Int = 90) throws -> [UInt8] {
        var message = [CChar](repeating: 0, count: 256)
        var out: UnsafeMutablePointer<UInt8>? = nil
        var count = 0
        let result = image.bytes.withUnsafeBufferPointer { rgb in
            message.withUnsafeMutableBufferPointer {
                pw_jpeg_encode(rgb.baseAddress, Int32(clamping: image.width), Int32(clamping: height ?? image.height),
                               Int32(clamping: image.height), Int32(clamping: quality), &out, &count, $0.baseAddress, $0.count)
            }
        }
        guard result == 0, let out else {
            throw ImageFileError.encodingFailed(format: "JPEG", detail: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { pw_jpeg_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }
}

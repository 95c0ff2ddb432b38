import CPixelJPEG

/// Reads JPEG photos with libjpeg-turbo, for `pixelwheel show`.
public enum JPEGFile {
    /// Whether `bytes` start like a JPEG (the SOI marker, then another marker).
    public static func looksLikeJPEG(_ bytes: [UInt8]) -> Bool { bytes.starts(with: [0xFF, 0xD8, 0xFF]) }

    /// Decodes a baseline or progressive JPEG (greyscale or colour) into 8-bit RGB. The size
    /// in its header is checked before any pixel is decoded: at most 2^25 pixels.
    ///
    /// - Throws: `ImageFileError.damagedJPEG` when libjpeg cannot read it (or it is CMYK),
    ///   `ImageFileError.tooLarge` when it has too many pixels.
    public static func decode(_ bytes: [UInt8]) throws -> RGBImage8 {
        var message = [CChar](repeating: 0, count: 256)
        func failure() -> ImageFileError {
            .damagedJPEG(path: nil, detail: message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        var width: Int32 = 0, height: Int32 = 0
        let read = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer { pw_jpeg_size(data.baseAddress, data.count, &width, &height, $0.baseAddress, $0.count) }
        }
        guard read == 0 else { throw failure() }
        let w = Int(width), h = Int(height)
        guard w > 0, h > 0, w <= ImageLimits.maximumDecodedPixels / h else {
            throw ImageFileError.tooLarge(path: nil, width: w, height: h, maximumPixels: ImageLimits.maximumDecodedPixels)
        }
        var rgb = [UInt8](repeating: 0, count: w * h * 3)
        let decoded = bytes.withUnsafeBufferPointer { data in
            rgb.withUnsafeMutableBufferPointer { out in
                message.withUnsafeMutableBufferPointer { pw_jpeg_decode(data.baseAddress, data.count, out.baseAddress, out.count, $0.baseAddress, $0.count) }
            }
        }
        guard decoded == 0 else { throw failure() }
        return RGBImage8(width: w, height: h, bytes: rgb)
    }
}

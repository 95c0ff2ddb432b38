import CPNG
import PixelSystem

/// Reads and writes PNG files with libpng's simplified API.
public enum PNGFile {
    /// The eight bytes every PNG file starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image as an 8-bit RGB PNG (colour type 2, no interlace, with an sRGB chunk).
    ///
    /// - Throws: `ImageFileError.encodingFailed` if libpng refuses.
    public static func encode(_ image: RGBImage8) throws -> [UInt8] {
        try encode(samples: image.bytes, width: image.width, height: image.height, layout: .rgb)
    }

    /// Writes the image as an 8-bit RGB PNG to `path`, atomically (see `AtomicFile`).
    ///
    /// - Throws: `ImageFileError.encodingFailed` or `FileError.cannotWrite`.
    public static func write(_ image: RGBImage8, to path: String) throws {
        try AtomicFile.write(encode(image), to: path)
    }

    /// Reads the PNG file at `path`; see `decode(_:)` for what is accepted.
    ///
    /// - Throws: `FileError.cannotRead`, or a decoding error that names `path`.
    public static func read(path: String) throws -> RGBImage8 {
        let bytes = try FileBytes.read(path)
        do {
            return try decode(bytes)
        } catch let error as ImageFileError {
            throw error.naming(path)
        }
    }

    /// Decodes any valid PNG into 8-bit sRGB RGB.
    ///
    /// Every colour type, bit depth and interlace method is accepted: palette and greyscale
    /// images are expanded to RGB; an alpha channel (or palette/tRNS transparency) is removed
    /// by compositing onto black in linear light, so fully transparent pixels come out black;
    /// 16-bit images without colour-space information are taken as sRGB-encoded and rounded to
    /// 8 bits; gAMA/sRGB information, when present, is honoured.
    ///
    /// - Throws: `ImageFileError.notPNG` if the data does not start with the PNG signature,
    ///   `ImageFileError.damagedPNG` if libpng cannot decode it, `ImageFileError.tooLarge` if its
    ///   header says it has more than 2^25 pixels (checked before decoding).
    public static func decode(_ bytes: [UInt8]) throws -> RGBImage8 {
        guard bytes.count >= signature.count, Array(bytes[0..<signature.count]) == signature else {
            throw ImageFileError.notPNG(path: nil)
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }

        let begun = bytes.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard begun != 0 else { throw ImageFileError.damagedPNG(path: nil, detail: message(of: &image)) }

        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, width <= ImageLimits.maximumDecodedPixels / height else {
            throw ImageFileError.tooLarge(path: nil, width: width, height: height,
                                          maximumPixels: ImageLimits.maximumDecodedPixels)
        }
        image.format = png_uint_32(PNG_FORMAT_RGB)
        // Only meaningful for 16-bit files without gAMA/sRGB; must be set after begin_read.
        image.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)

        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        var black = png_color(red: 0, green: 0, blue: 0)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, &black, buffer.baseAddress, png_int_32(width * 3), nil)
        }
        guard finished != 0 else { throw ImageFileError.damagedPNG(path: nil, detail: message(of: &image)) }
        return RGBImage8(width: width, height: height, bytes: pixels)
    }

    /// The in-memory sample layouts the encoder can write. Only `.rgb` is public (through
    /// `encode(_:)`); the others exist so tests can make greyscale, alpha and palette files.
    enum Layout {
        /// One grey byte per pixel.
        case grey
        /// Grey and straight alpha, two bytes per pixel.
        case greyAlpha
        /// Red, green, blue.
        case rgb
        /// Red, green, blue and straight alpha.
        case rgba
        /// One palette index per pixel; `palette` holds red, green, blue per entry (1...256 entries).
        case indexed(palette: [UInt8])
    }

    /// Encodes raw 8-bit samples in the given layout as a PNG.
    static func encode(samples: [UInt8], width: Int, height: Int, layout: Layout) throws -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw ImageFileError.encodingFailed(format: "PNG", detail: "\(width)x\(height) is not a valid PNG size")
        }
        var image = png_image()
        image.version = png_uint_32(PNG_IMAGE_VERSION)
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        var palette: [UInt8] = []
        let channels: Int
        switch layout {
        case .grey: image.format = png_uint_32(PNG_FORMAT_GRAY); channels = 1
        case .greyAlpha: image.format = png_uint_32(PNG_FORMAT_GA); channels = 2
        case .rgb: image.format = png_uint_32(PNG_FORMAT_RGB); channels = 3
        case .rgba: image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA); channels = 4
        case let .indexed(entries):
            precondition(entries.count % 3 == 0 && (3...768).contains(entries.count), "a palette has 1...256 RGB entries")
            image.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_COLORMAP)
            image.colormap_entries = png_uint_32(entries.count / 3)
            palette = entries
            channels = 1
        }
        precondition(samples.count == width * height * channels, "sample count does not match the layout")
        defer { png_image_free(&image) }

        // First ask for the size, then write into a buffer of exactly that size.
        var size: png_alloc_size_t = 0
        let sized = samples.withUnsafeBytes { pixels in
            palette.withUnsafeBytes { map in
                png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, 0,
                                          palette.isEmpty ? nil : map.baseAddress)
            }
        }
        guard sized != 0, size > 0 else {
            throw ImageFileError.encodingFailed(format: "PNG", detail: message(of: &image))
        }
        var output = [UInt8](repeating: 0, count: Int(size))
        let written = output.withUnsafeMutableBytes { out in
            samples.withUnsafeBytes { pixels in
                palette.withUnsafeBytes { map in
                    png_image_write_to_memory(&image, out.baseAddress, &size, 0, pixels.baseAddress, 0,
                                              palette.isEmpty ? nil : map.baseAddress)
                }
            }
        }
        guard written != 0 else {
            throw ImageFileError.encodingFailed(format: "PNG", detail: message(of: &image))
        }
        output.removeLast(output.count - Int(size))
        return output
    }

    /// libpng's message from a failed simplified-API call.
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}

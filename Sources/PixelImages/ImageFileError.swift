/// Why an image file could not be read, decoded, encoded or written.
///
/// `description` is one line meant for a person at the terminal: it names the file (when
/// there is one) and, where there is an obvious fix, says what to do.
public enum ImageFileError: Error, CustomStringConvertible, Sendable, Hashable {
    /// The data is neither a PNG nor a PPM.
    case unknownFormat(path: String)
    /// A PPM whose header or samples are wrong; `reason` says what.
    case damagedPPM(path: String, reason: String)
    /// The data does not start with the PNG signature. `path` is nil for in-memory data.
    case notPNG(path: String?)
    /// The data starts like a PNG but libpng could not decode it; `detail` is libpng's message.
    case damagedPNG(path: String?, detail: String)
    /// The data does not start with `GIF87a` or `GIF89a`. `path` is nil for in-memory data.
    case notGIF(path: String?)
    /// The data starts like a GIF but giflib could not decode it; `detail` is giflib's message.
    case damagedGIF(path: String?, detail: String)
    /// A JPEG that libjpeg cannot decode (or one of a kind not supported, such as CMYK).
    case damagedJPEG(path: String?, detail: String)
    /// The image is bigger than this program is willing to hold in memory.
    case tooLarge(path: String?, width: Int, height: Int, maximumPixels: Int)
    /// A progressive JPEG too large for Photos: libjpeg holds all of such a picture's
    /// coefficients (3 bytes a pixel) whatever the scale it decodes to.
    case progressiveTooLarge(path: String?, pixels: Int, maximumPixels: Int)
    /// libpng, giflib or libjpeg failed while encoding; `format` is "PNG", "GIF" or "JPEG".
    case encodingFailed(format: String, detail: String)
    /// The frames, delays or sizes handed to the GIF encoder do not fit together or do not
    /// fit the GIF format.
    case invalidAnimation(detail: String)

    /// One line for the terminal, naming the file and the fix where there is one.
    public var description: String {
        switch self {
        case let .unknownFormat(path):
            return "'\(path)' is not a PNG, JPEG, GIF or PPM (P6/P3) image; convert it first, e.g. with ImageMagick: convert IN out.png"
        case let .damagedPPM(path, reason):
            return "'\(path)' is not a valid PPM: \(reason)"
        case let .notPNG(path):
            return "\(Self.subject(path)) is not a PNG file (it does not start with the PNG signature):"
                + " convert it to PNG first"
        case let .damagedPNG(path, detail):
            return "\(Self.subject(path)) is a damaged or unsupported PNG (libpng: \(detail)):"
                + " re-save it with an image editor"
        case let .notGIF(path):
            return "\(Self.subject(path)) is not a GIF file (it does not start with GIF87a or GIF89a)"
        case let .damagedGIF(path, detail):
            return "\(Self.subject(path)) is a damaged GIF (giflib: \(detail))"
        case let .damagedJPEG(path, detail):
            return "\(Self.subject(path)) is a damaged or unsupported JPEG (libjpeg: \(detail)): re-save it with an image editor"
        case let .tooLarge(path, width, height, maximumPixels):
            return "\(Self.subject(path)) is too large (\(width)x\(height) pixels, at most \(maximumPixels)"
                + " pixels are supported): scale it down first"
        case let .progressiveTooLarge(path, pixels, maximumPixels):
            return "\(Self.subject(path)) is a progressive JPEG of \(Self.megapixels(pixels)) megapixels; photos read progressive"
                + " JPEGs of up to \(Self.megapixels(maximumPixels)): save it as baseline, e.g. jpegtran -copy all IN.jpg > OUT.jpg"
        case let .encodingFailed(format, detail):
            return "could not encode the \(format) image: \(detail)"
        case let .invalidAnimation(detail):
            return "cannot make the GIF animation: \(detail)"
        }
    }

    /// How a message names its input: the quoted path, or "the data" for in-memory bytes.
    private static func subject(_ path: String?) -> String {
        path.map { "'\($0)'" } ?? "the data"
    }

    /// `pixels` in megapixels with one decimal: "12.0".
    static func megapixels(_ pixels: Int) -> String {
        let tenths = (pixels + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The same error, naming `path` if it did not name a file yet.
    func naming(_ path: String) -> ImageFileError {
        switch self {
        case .notPNG(nil): return .notPNG(path: path)
        case let .damagedPNG(nil, detail): return .damagedPNG(path: path, detail: detail)
        case .notGIF(nil): return .notGIF(path: path)
        case let .damagedGIF(nil, detail): return .damagedGIF(path: path, detail: detail)
        case let .damagedJPEG(nil, detail): return .damagedJPEG(path: path, detail: detail)
        case let .tooLarge(nil, width, height, maximumPixels):
            return .tooLarge(path: path, width: width, height: height, maximumPixels: maximumPixels)
        case let .progressiveTooLarge(nil, pixels, maximumPixels):
            return .progressiveTooLarge(path: path, pixels: pixels, maximumPixels: maximumPixels)
        default: return self
        }
    }
}

/// Size limits shared by the decoders.
enum ImageLimits {
    /// The most pixels a decoded image (or GIF canvas) may have: 2^27, about 134 million,
    /// i.e. 384 MiB of RGB bytes.
    static let maximumPixels = 1 << 27
    /// The most pixels a still image (PNG or PPM) may have once decoded: 2^25, about 33.5
    /// million (8192 × 4096, a 24-megapixel photo), i.e. 96 MiB of RGB bytes. It is checked
    /// against the header before any pixel is decoded, since a small file can hold a huge
    /// image (a 16 KB 1-bit PNG of 16384 × 8192 decodes to 384 MiB). libpng's simplified
    /// reader allocates only row buffers beside the output, so this bounds the decoding.
    static let maximumDecodedPixels = 1 << 25
}

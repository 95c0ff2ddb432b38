import PixelCore

/// A photo made ready for a panel by `PhotoDecoder`.
public enum Photo {
    /// A picture that does not move (PNG, JPEG, PPM, or a GIF of one frame).
    case still(Frame)
    /// A GIF of more than one frame, decoded and fitted frame by frame as it plays.
    case animation(PhotoAnimation)
}

/// The frames of an animated GIF, decoded and fitted to the panel one at a time as it plays,
/// so a long animation costs the memory of one screen, not of all its frames.
public final class PhotoAnimation {
    private let reader: GIFFrameReader
    private let name: String
    private let width: Int, height: Int, supersampling: Supersampling, fit: PhotoFit
    /// The first frame, fitted while finding out that the GIF moves; played first.
    private var pending: (frame: Frame, durationMilliseconds: Int)?

    /// The NETSCAPE2.0 loop count: nil when the file has none (play once), 0 for "loop
    /// forever", otherwise the number of repetitions.
    public var loopCount: Int? { reader.loopCount }

    init(reader: GIFFrameReader, name: String, width: Int, height: Int, supersampling: Supersampling, fit: PhotoFit,
         first: (frame: Frame, durationMilliseconds: Int)) {
        self.reader = reader
        self.name = name
        self.width = width
        self.height = height
        self.supersampling = supersampling
        self.fit = fit
        self.pending = first
    }

    /// The next frame fitted to the panel and how long it stays up, in milliseconds (at least
    /// 20; a GIF's delay under 20 ms plays as 100 ms); nil after the last frame.
    ///
    /// - Throws: `ImageFileError.damagedGIF` naming the file when the rest of it is damaged
    ///   or cut short (the frames before it have played).
    public func next() throws -> (frame: Frame, durationMilliseconds: Int)? {
        if let first = pending {
            pending = nil
            return first
        }
        do {
            guard let (image, delay) = try reader.next() else { return nil }
            return (PhotoScaler.frame(image, width: width, height: height, fit: fit, supersampling: supersampling), delay)
        } catch let error as ImageFileError {
            throw error.naming(name)
        }
    }

    /// Starts again from the first frame (to loop).
    ///
    /// - Throws: `ImageFileError.damagedGIF` naming the file if it cannot be reopened.
    public func rewind() throws {
        pending = nil
        do {
            try reader.rewind()
        } catch let error as ImageFileError {
            throw error.naming(name)
        }
    }
}

/// The one way the Photos app reads a picture file: recognises the format by its first
/// bytes, decodes only as much as the panel needs and fits it (see `PhotoScaler`).
///
/// - PNG and PPM (P6/P3): decoded whole (at most 2^25 pixels), then fitted.
/// - JPEG: reduced in the DCT to no less than the panel's samples (`JPEGFile.decode(_:atLeast:_:)`),
///   then turned upright by its EXIF orientation, then fitted.
/// - GIF: a GIF of one frame is a still; a longer one is a `PhotoAnimation`.
public enum PhotoDecoder {
    /// The file name extensions of the formats read, lower case: png, jpg, jpeg, gif, ppm.
    public static let supportedExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "ppm"]

    /// Whether `fileName` (a name or a path) ends in one of `supportedExtensions`, in any case.
    /// A name that is only an extension (".png", a hidden file) is not a picture.
    public static func isSupported(fileName: String) -> Bool {
        let name = fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return supportedExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The picture in `bytes` fitted to a `width × height` panel drawn at `supersampling`
    /// samples per LED side, placed as `fit` says. `name` is only for messages.
    ///
    /// - Throws: `ImageFileError` naming `name`, one line: `.unknownFormat` for anything but
    ///   PNG, JPEG, GIF and PPM; the format's own errors for damaged or oversized files.
    /// - Precondition: `width > 0`, `height > 0`.
    public static func decode(_ bytes: [UInt8], name: String, width: Int, height: Int,
                              supersampling: Supersampling = .x4, fit: PhotoFit = .fit) throws -> Photo {
        precondition(width > 0 && height > 0, "a panel needs at least one LED, got \(width)x\(height)")
        func still(_ image: RGBImage8) -> Photo {
            .still(PhotoScaler.frame(image, width: width, height: height, fit: fit, supersampling: supersampling))
        }
        do {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return still(try PNGFile.decode(bytes)) }
            if JPEGFile.looksLikeJPEG(bytes) {
                let orientation = EXIFOrientation.inJPEG(bytes) ?? .up
                let samplesWide = width * supersampling.rawValue, samplesHigh = height * supersampling.rawValue
                // Stored sideways, the picture's width becomes the panel's height.
                let image = orientation.swapsSides
                    ? try JPEGFile.decode(bytes, atLeast: samplesHigh, samplesWide)
                    : try JPEGFile.decode(bytes, atLeast: samplesWide, samplesHigh)
                return still(image.oriented(orientation))
            }
            if bytes.starts(with: Array("GIF8".utf8)) {
                let reader = try GIFFrameReader(bytes: bytes)
                guard let (first, delay) = try reader.next() else {
                    throw ImageFileError.damagedGIF(path: nil, detail: "the file holds no images")
                }
                guard try reader.hasNextFrame() else { return still(first) }
                let fitted = PhotoScaler.frame(first, width: width, height: height, fit: fit, supersampling: supersampling)
                return .animation(PhotoAnimation(reader: reader, name: name, width: width, height: height,
                                                 supersampling: supersampling, fit: fit, first: (fitted, delay)))
            }
        } catch let error as ImageFileError {
            throw error.naming(name)
        }
        if bytes.starts(with: Array("P6".utf8)) || bytes.starts(with: Array("P3".utf8)) {
            return still(try PPM.decode(bytes, name: name))
        }
        throw ImageFileError.unknownFormat(path: name)
    }
}

import PixelCore

/// `pixelwheel show`: a still picture (PNG or PPM) fitted onto a panel with the renderer's
/// supersampled downsampling, as the image viewers of other LED projects do.
public enum StillImage {
    /// Reads a PNG (any kind libpng reads), a JPEG, the first frame of a GIF, or a binary/ASCII
    /// PPM (P6/P3, maxval ≤ 255) of at most 2^25 pixels; errors name `path`.
    public static func read(_ path: String, bytes: [UInt8]) throws -> RGBImage8 {
        try readFrames(path, bytes: bytes).frames[0]
    }

    /// Reads a picture as `read` does, but a GIF with all its frames, delays and loop count;
    /// any other picture is one frame with no delay that plays once.
    public static func readFrames(_ path: String, bytes: [UInt8]) throws -> GIFAnimation {
        func still(_ image: RGBImage8) -> GIFAnimation {
            GIFAnimation(width: image.width, height: image.height, frames: [image], delaysCentiseconds: [0], loopCount: nil)
        }
        do {
            if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return still(try PNGFile.decode(bytes)) }
            if JPEGFile.looksLikeJPEG(bytes) { return still(try JPEGFile.decode(bytes)) }
            if bytes.starts(with: Array("GIF8".utf8)) { return try GIFFile.decode(bytes) }
        } catch let error as ImageFileError {
            throw error.naming(path)
        }
        if bytes.starts(with: Array("P6".utf8)) || bytes.starts(with: Array("P3".utf8)) { return still(try PPM.decode(bytes, name: path)) }
        throw ImageFileError.unknownFormat(path: path)
    }

    /// `image` scaled to fit a `width × height` panel (aspect kept, centred, black around),
    /// drawn at `supersampling` samples per LED and averaged in linear light. An image at
    /// least four times as wide and as tall as the panel's samples is first shrunk by a whole
    /// factor to no less than twice them (see `shrunk`), so memory and time follow the panel.
    public static func fit(_ image: RGBImage8, width: Int, height: Int, supersampling: Supersampling = .x4) -> Frame {
        PhotoScaler.frame(image, width: width, height: height, fit: .fit, supersampling: supersampling)
    }
}

extension StillImage {
    /// `image` shrunk by the largest whole factor k that leaves at least two of its pixels
    /// per sample along each side of a `width × height` grid: each k × k block is averaged in
    /// linear light, and the last `image.width % k` columns and `image.height % k` rows are
    /// dropped. `image` itself when k would be 1.
    static func shrunk(_ image: RGBImage8, toCover width: Int, _ height: Int) -> RGBImage8 {
        let k = min(image.width / max(1, 2 * width), image.height / max(1, 2 * height))
        guard k >= 2 else { return image }
        let w = image.width / k, h = image.height / k
        let linear = (0...255).map { Int(Color(red: UInt8($0), green: 0, blue: 0).linear.red) }
        var bytes = [UInt8](repeating: 0, count: w * h * 3)
        var sums = [Int](repeating: 0, count: w * 3)
        image.bytes.withUnsafeBufferPointer { source in
            for y in 0..<h {
                for i in sums.indices { sums[i] = 0 }
                for row in (y * k)..<(y * k + k) {
                    let start = row * image.width * 3
                    for i in 0..<(w * k * 3) { sums[i / (3 * k) * 3 + i % 3] += linear[Int(source[start + i])] }
                }
                for i in sums.indices {
                    let level = UInt16(sums[i] / (k * k))
                    bytes[(y * w) * 3 + i] = LinearColor(red: level, green: 0, blue: 0).srgb.red
                }
            }
        }
        return RGBImage8(width: w, height: h, bytes: bytes)
    }
}

/// The netpbm PPM format: a small header, then RGB samples.
public enum PPM {
    /// Decodes a binary (P6) or ASCII (P3) PPM with maxval ≤ 255; errors name `name`.
    public static func decode(_ bytes: [UInt8], name: String) throws -> RGBImage8 {
        var index = 2
        func fail(_ reason: String) -> ImageFileError { .damagedPPM(path: name, reason: reason) }
        func skipSpaceAndComments() {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                } else if bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                    index += 1
                } else { return }
            }
        }
        func number() throws -> Int {
            skipSpaceAndComments()
            var value = 0, digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30); digits += 1; index += 1
                if value > 1 << 24 { throw fail("a number in the header is too large") }
            }
            guard digits > 0 else { throw fail("expected a number at byte \(index)") }
            return value
        }
        let binary = bytes[1] == UInt8(ascii: "6")
        let width = try number(), height = try number(), maxValue = try number()
        guard width > 0, height > 0, width * height <= 1 << 24 else { throw fail("size \(width)x\(height) is empty or too large") }
        guard (1...255).contains(maxValue) else { throw fail("only 8-bit PPM (maxval 1...255) is supported, got \(maxValue)") }
        var samples: [UInt8] = []
        samples.reserveCapacity(width * height * 3)
        if binary {
            index += 1  // the single whitespace after maxval
            guard bytes.count - index >= width * height * 3 else { throw fail("the pixel data is shorter than \(width)x\(height)") }
            samples = Array(bytes[index..<(index + width * height * 3)])
        } else {
            for _ in 0..<(width * height * 3) {
                let v = try number()
                guard v <= maxValue else { throw fail("a sample (\(v)) is larger than the maximum value \(maxValue) in the header") }
                samples.append(UInt8(v))
            }
        }
        if let bad = samples.first(where: { Int($0) > maxValue }) {
            throw fail("a sample (\(bad)) is larger than the maximum value \(maxValue) in the header")
        }
        if maxValue != 255 { samples = samples.map { UInt8((Int($0) * 255 + maxValue / 2) / maxValue) } }
        return RGBImage8(width: width, height: height, bytes: samples)
    }
}

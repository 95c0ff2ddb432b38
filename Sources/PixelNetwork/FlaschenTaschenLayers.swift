/// Flaschen-Taschen's layers, composited the way hzeller's reference server does it.
///
/// Each of the 16 layers (0…`FlaschenTaschenImage.maximumLayer`) holds its own picture of the
/// display's size; an image writes only its rectangle of its own layer, black pixels included
/// (so a sender clears its part by sending black). A pixel shows the highest layer that is not
/// black there; layer 0, the background, shows even where it is black. A layer above 0 that
/// no image has reached for `timeoutNanoseconds` (the reference server's `--layer-timeout`,
/// 15 s unless told) is cleared, so an overlay whose sender stopped goes away.
///
/// Time is the caller's clock (the receiver's `poll(at:)`), so a test drives the timeout with
/// a virtual clock. Memory is bounded: at most 16 pictures of the display, each made on its
/// layer's first image.
public struct FlaschenTaschenLayers: Sendable {
    /// The display's width in pixels.
    public let width: Int
    /// The display's height in pixels.
    public let height: Int
    /// How long a layer above 0 lasts without an image, nanoseconds.
    public let timeoutNanoseconds: Int64

    /// The reference server's layer timeout: 15 s.
    public static let standardTimeoutNanoseconds: Int64 = 15_000_000_000

    /// RGB pictures by layer; nil until the layer's first image, and again once cleared.
    private var pictures: [[UInt8]?]
    /// When each layer last received an image.
    private var updated: [Int64]

    /// Empty layers for a `width × height` display.
    public init(width: Int, height: Int, timeoutNanoseconds: Int64 = standardTimeoutNanoseconds) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.timeoutNanoseconds = max(1, timeoutNanoseconds)
        let count = FlaschenTaschenImage.maximumLayer + 1
        pictures = [[UInt8]?](repeating: nil, count: count)
        updated = [Int64](repeating: 0, count: count)
    }

    /// The layers that hold a picture now, lowest first.
    public var activeLayers: [Int] { pictures.indices.filter { pictures[$0] != nil } }

    /// Writes `image` into its layer at `now`; the part outside the display is dropped.
    public mutating func receive(_ image: FlaschenTaschenImage, at now: Int64) {
        let layer = image.layer
        guard pictures.indices.contains(layer) else { return }
        var picture = pictures[layer] ?? [UInt8](repeating: 0, count: width * height * 3)
        pictures[layer] = nil  // keeps the buffer unique while it changes
        let left = max(0, image.x), right = min(width, image.x + image.width)
        let top = max(0, image.y), bottom = min(height, image.y + image.height)
        if left < right && top < bottom {
            for row in top..<bottom {
                let source: Int = image.pixels.startIndex + ((row - image.y) * image.width + (left - image.x)) * 3
                let target: Int = (row * width + left) * 3
                let count: Int = (right - left) * 3
                for offset in 0..<count { picture[target + offset] = image.pixels[source + offset] }
            }
        }
        pictures[layer] = picture
        updated[layer] = now
    }

    /// Clears every layer above 0 that received nothing for the timeout before `now`; returns
    /// whether any was cleared (the composite changed).
    public mutating func expire(at now: Int64) -> Bool {
        var cleared = false
        for layer in 1..<pictures.count where pictures[layer] != nil && now - updated[layer] >= timeoutNanoseconds {
            pictures[layer] = nil
            cleared = true
        }
        return cleared
    }

    /// The composite: RGB, row-major from the top-left, `width × height × 3` bytes.
    public func composite() -> [UInt8] {
        var frame = pictures[0] ?? [UInt8](repeating: 0, count: width * height * 3)
        for layer in 1..<pictures.count {
            guard let picture = pictures[layer] else { continue }
            var index = 0
            while index < picture.count {
                let red = picture[index], green = picture[index + 1], blue = picture[index + 2]
                if red != 0 || green != 0 || blue != 0 {
                    frame[index] = red
                    frame[index + 1] = green
                    frame[index + 2] = blue
                }
                index += 3
            }
        }
        return frame
    }
}

/// Collects giflib's output.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// Feeds giflib its input from memory.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies up to `count` bytes into `buffer`; returns how many were copied.
    func copy(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int32 {
        let n = min(count, bytes.count - offset)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            buffer.update(from: source.baseAddress! + offset, count: n)
        }
        offset += n
        return Int32(n)
    }
}

/// Reduces an image to at most 256 colours for a GIF frame, deterministically and with

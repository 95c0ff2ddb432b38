/// Bounds-checked reads from one received packet, for the parsers.
///
/// Every read past the end throws `PacketError.truncated` naming the protocol, so a parser
/// states its layout once and cannot index outside the bytes.
struct PacketBytes {
    /// The packet, from its first byte.
    let bytes: [UInt8]
    /// Whose packet this is, for errors.
    let kind: NetworkProtocol

    init(_ bytes: [UInt8], _ kind: NetworkProtocol) {
        self.bytes = bytes
        self.kind = kind
    }

    /// The number of bytes received.
    var count: Int { bytes.count }

    /// Throws unless the packet has at least `length` bytes.
    func require(_ length: Int) throws(PacketError) {
        guard bytes.count >= length else { throw .truncated(kind, needed: length, got: bytes.count) }
    }

    /// The byte at `offset`.
    func byte(_ offset: Int) throws(PacketError) -> UInt8 {
        try require(offset + 1)
        return bytes[offset]
    }

    /// The 16-bit big-endian (network order) value at `offset`.
    func bigEndian16(_ offset: Int) throws(PacketError) -> UInt16 {
        try require(offset + 2)
        let high: UInt16 = UInt16(bytes[offset])
        let low: UInt16 = UInt16(bytes[offset + 1])
        return high << 8 | low
    }

    /// The 16-bit little-endian value at `offset` (Art-Net's opcode).
    func littleEndian16(_ offset: Int) throws(PacketError) -> UInt16 {
        try require(offset + 2)
        let low: UInt16 = UInt16(bytes[offset])
        let high: UInt16 = UInt16(bytes[offset + 1])
        return high << 8 | low
    }

    /// The 32-bit big-endian value at `offset`.
    func bigEndian32(_ offset: Int) throws(PacketError) -> UInt32 {
        let high: UInt32 = UInt32(try bigEndian16(offset))
        let low: UInt32 = UInt32(try bigEndian16(offset + 2))
        return high << 16 | low
    }

    /// `length` bytes from `offset`, as a slice of the packet (no copy).
    func slice(_ offset: Int, length: Int) throws(PacketError) -> ArraySlice<UInt8> {
        try require(offset + length)
        return bytes[offset..<(offset + length)]
    }

    /// True if the bytes at `offset` are exactly `expected`.
    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard bytes.count >= offset + expected.count else { return false }
        return bytes[offset..<(offset + expected.count)].elementsEqual(expected)
    }
}

/// Appends big-endian fields, for the packet builders.
extension Array where Element == UInt8 {
    /// Appends `value` as two bytes, high first.
    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends `value` as four bytes, high first.
    mutating func appendBigEndian(_ value: UInt32) {
        appendBigEndian(UInt16(truncatingIfNeeded: value >> 16))
        appendBigEndian(UInt16(truncatingIfNeeded: value))
    }

    /// Writes `value` as two bytes, high first, at `offset` (which must be in range).
    mutating func putBigEndian(_ value: UInt16, at offset: Int) {
        self[offset] = UInt8(truncatingIfNeeded: value >> 8)
        self[offset + 1] = UInt8(truncatingIfNeeded: value)
    }
}

/// The Raspberry Pi's 40-pin header: which physical pin carries which BCM GPIO line (the same
/// on every model with a 40-pin header, Pi 1 B+ to Pi 5).
public enum HeaderPin {
    /// Physical pin number of each BCM GPIO 0…27 (index = GPIO number).
    private static let pinOfGPIO = [27, 28, 3, 5, 7, 29, 31, 26, 24, 21, 19, 23, 32, 33, 8, 10, 36, 11, 12, 35, 38, 40, 15, 16, 18, 22, 37, 13]

    /// The physical pin that carries BCM GPIO `gpio`, or nil for a line not on the header.
    public static func physical(gpio: Int) -> Int? {
        pinOfGPIO.indices.contains(gpio) ? pinOfGPIO[gpio] : nil
    }
}

/// One I²C bus: the real one is `/dev/i2c-N` through libi2c, the simulated one routes each
/// message to the device model at its address.
public protocol I2CBus: AnyObject {
    /// A name for messages and traces, e.g. "/dev/i2c-1".
    var name: String { get }
    /// One write message: START, address+W, `bytes`, STOP. Devices with a register pointer
    /// take the first byte as the register (or command) and the rest as data.
    func write(_ bytes: [UInt8], to address: I2CAddress) throws(BusError)
    /// Writes `register` then reads `count` bytes (a repeated-START read).
    func read(_ count: Int, from address: I2CAddress, register: UInt8) throws(BusError) -> [UInt8]
    /// Lets go of the device until the next message. A real bus closes its node, so the kernel
    /// may remove the adapter meanwhile (i2c-dev pins an adapter's driver while the node is
    /// open): a panel calls this after each burst of messages.
    func release()
}

extension I2CBus {
    /// Buses with nothing to let go of keep the default: nothing happens.
    public func release() {}
}

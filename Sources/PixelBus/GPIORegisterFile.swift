/// 32-bit registers that can be stored to, at byte offsets: a SoC's GPIO block mapped into
/// memory (`/dev/gpiomem` on a Pi 1–4, `/dev/gpiomem0` on a Pi 5), or a model of one.
///
/// The memory-mapped HUB75 fast paths only ever store: a load from RP1 is a round trip over
/// PCIe, so the protocol has no read.
public protocol GPIORegisterFile: AnyObject {
    /// Stores `value` in the register at byte `offset`.
    func write(_ value: UInt32, at offset: Int)
    /// Makes every store before it reach the device before any store after it (a store
    /// barrier, `dmb ishst` on ARM); a model records where it was asked for.
    func orderStores()
    /// Keeps the pins as they are for about `nanoseconds` (a plane's on-time): a busy wait on
    /// the real window, the virtual clock moved on in a model.
    func hold(nanoseconds: Int)
}

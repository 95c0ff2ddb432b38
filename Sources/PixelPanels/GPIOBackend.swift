import PixelCore

/// How HUB75's GPIO lines are driven on a Pi: `auto` picks the fastest path the machine has,
/// the others force one (for testing, or to work around a machine that misreports itself).
public enum GPIOBackend: String, CaseIterable, Sendable {
    /// RP1's RIO registers on a Pi 5, the BCM GPIO registers on a Pi 1–4, else libgpiod.
    case auto
    /// One libgpiod request per edge: every Pi, slowest.
    case libgpiod
    /// `/dev/gpiomem`'s set and clear registers (Pi 1–4).
    case gpiomem
    /// `/dev/gpiomem0`'s RIO registers (Pi 5).
    case rp1

    /// The path for a GPIO chip labelled `chipLabel` (the device tree's pin controller), given
    /// which register nodes exist; a forced path that does not fit the chip is an error naming
    /// the fix.
    public func choose(chipLabel: String, gpiomemExists: Bool, gpiomem0Exists: Bool) -> Result<GPIOBackend, GPIOBackendMismatch> {
        let bcm = chipLabel == "pinctrl-bcm2835" || chipLabel == "pinctrl-bcm2711"
        let rp1 = chipLabel == "pinctrl-rp1"
        switch self {
        case .auto:
            if rp1 && gpiomem0Exists { return .success(.rp1) }
            if bcm && gpiomemExists { return .success(.gpiomem) }
            return .success(.libgpiod)
        case .libgpiod:
            return .success(.libgpiod)
        case .gpiomem:
            guard bcm else { return .failure(GPIOBackendMismatch(backend: self, chipLabel: chipLabel, needs: "a Pi 1–4 (pinctrl-bcm2835 or pinctrl-bcm2711)")) }
            return .success(.gpiomem)
        case .rp1:
            guard rp1 else { return .failure(GPIOBackendMismatch(backend: self, chipLabel: chipLabel, needs: "a Pi 5 (pinctrl-rp1)")) }
            return .success(.rp1)
        }
    }
}

/// A forced GPIO path that the machine's chip cannot take.
public struct GPIOBackendMismatch: NamesUserSetting, Equatable {
    /// The path that was asked for, and the chip there is.
    public let backend: GPIOBackend, chipLabel: String
    /// What that path needs.
    public let needs: String
    public func message(naming name: (UserSetting) -> String) -> String {
        "GPIO backend \(backend.rawValue) needs \(needs), and this GPIO chip is \(chipLabel); choose auto (\(name(.gpioBackend)))"
    }
}

import PixelEffects
import PixelUI

/// Turns terminal key bytes into input actions: →/↓/j/l turn clockwise, ←/↑/k/h back, Enter/space select,
/// Esc/m menu, p play/pause, n/b next/previous, q quits. Holding Enter (the terminal's key
/// repeat) for the long-press time is a long press; the repeats stopping is the release.
public struct KeyDecoder: Sendable {
    /// A decoded key.
    public enum Key: Equatable, Sendable {
        case action(InputAction)
        case quit
    }

    /// Enter repeats closer than this keep the key "held".
    public static let repeatGap: Int64 = 700_000_000
    /// Held this long, Enter becomes a long press.
    public static let longPress: Int64 = 800_000_000

    private var pending: [UInt8] = []
    private var enterDown: (start: Int64, last: Int64, long: Bool)?

    /// A decoder with no key pending.
    public init() {}

    /// Feeds bytes read at monotonic time `now` (ns); returns the keys they complete.
    public mutating func feed(_ bytes: [UInt8], at now: Int64) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            let b = pending[0]
            if b == 0x1B {
                if pending.count >= 3 && pending[1] == 0x5B {  // ESC [ X
                    switch pending[2] {
                    case 0x43: keys.append(.action(.rotate(1)))   // →
                    case 0x44: keys.append(.action(.rotate(-1)))  // ←
                    case 0x41: keys.append(.action(.rotate(-1)))  // ↑
                    case 0x42: keys.append(.action(.rotate(1)))   // ↓
                    default: break
                    }
                    pending.removeFirst(3)
                    continue
                }
                if pending.count == 1 || pending[1] != 0x5B {  // a lone Esc is MENU
                    keys.append(.action(.menu))
                    pending.removeFirst()
                    continue
                }
                break  // wait for the rest of the sequence
            }
            pending.removeFirst()
            switch b {
            case 0x0D, 0x0A: keys += enter(at: now)
            case 0x20: keys.append(.action(.select))
            // As in vi: j (down) and l (right) turn clockwise, to the next row; k and h back.
            case UInt8(ascii: "j"), UInt8(ascii: "l"): keys.append(.action(.rotate(1)))
            case UInt8(ascii: "k"), UInt8(ascii: "h"): keys.append(.action(.rotate(-1)))
            case UInt8(ascii: "m"): keys.append(.action(.menu))
            case UInt8(ascii: "p"): keys.append(.action(.playPause))
            case UInt8(ascii: "n"): keys.append(.action(.next))
            case UInt8(ascii: "b"): keys.append(.action(.previous))
            case UInt8(ascii: "q"), 0x03: keys.append(.quit)
            default: break
            }
        }
        return keys
    }

    private mutating func enter(at now: Int64) -> [Key] {
        if var down = enterDown, now - down.last < Self.repeatGap {
            down.last = now
            var keys: [Key] = []
            if !down.long && now - down.start >= Self.longPress {
                down.long = true
                keys.append(.action(.longPress(.select)))
            }
            enterDown = down
            return keys
        }
        enterDown = (now, now, false)
        return [.action(.select)]
    }

    /// Call regularly: reports the release of a long-pressed Enter once its repeats stop.
    public mutating func tick(at now: Int64) -> [Key] {
        guard let down = enterDown, now - down.last >= Self.repeatGap else { return [] }
        enterDown = nil
        return down.long ? [.action(.release(.select))] : []
    }
}

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

    /// The longest wait for the terminal's first key repeat (its initial delay).
    public static let repeatGap: Int64 = 700_000_000
    /// Repeats come at the terminal's repeat rate (about 30 a second): a second Enter
    /// followed this quickly by a third is a held key, not a double tap.
    public static let repeatRate: Int64 = 150_000_000
    /// Held this long, Enter becomes a long press.
    public static let longPress: Int64 = 800_000_000

    private var pending: [UInt8] = []
    /// Enter's state: when it went down, when it was last seen, whether it is known to be
    /// held (repeats at the repeat rate), whether the long press was sent, and a second
    /// Enter not yet known to be a tap or the first repeat.
    private var enterDown: (start: Int64, last: Int64, held: Bool, long: Bool, undecided: Int64?)?

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
        guard var down = enterDown, now - down.last < Self.repeatGap else {
            enterDown = (now, now, false, false, nil)
            return [.action(.select)]
        }
        var keys: [Key] = []
        if !down.held {
            if let second = down.undecided, now - second < Self.repeatRate {
                down.held = true  // a third Enter at the repeat rate: the key is being held
                down.undecided = nil
            } else if let second = down.undecided {
                // The second Enter was a tap of its own; this one starts another.
                keys.append(.action(.select))
                down = (second, second, false, false, now)
            } else {
                down.undecided = now  // a second Enter: a tap or the first repeat, decided by what follows
            }
        }
        down.last = now
        if down.held && !down.long && now - down.start >= Self.longPress {
            down.long = true
            keys.append(.action(.longPress(.select)))
        }
        enterDown = down
        return keys
    }

    /// Call regularly: settles a second Enter that no repeat followed (a tap: select), and
    /// reports the release of a long-pressed Enter once its repeats stop.
    public mutating func tick(at now: Int64) -> [Key] {
        guard var down = enterDown else { return [] }
        var keys: [Key] = []
        if !down.held, let second = down.undecided, now - second >= Self.repeatRate {
            keys.append(.action(.select))
            down = (second, second, false, false, nil)
        }
        if now - down.last >= Self.repeatGap {
            if down.long { keys.append(.action(.release(.select))) }
            enterDown = nil
        } else {
            enterDown = down
        }
        return keys
    }
}

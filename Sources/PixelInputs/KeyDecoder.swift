import PixelCore

/// Turns terminal key bytes into input actions: →/↓/j/l turn clockwise, ←/↑/k/h back, Enter/space
/// select, Esc/m menu, p play/pause, n/b next/previous, q quits.
///
/// A terminal sends no key-up, only Enter again at its repeat rate while the key is held. So
/// Enter works as the encoder's push switch does: a tap selects once it is known to be a tap
/// (no repeat followed within the terminal's initial repeat delay, or another key came); held
/// past `longPress` it is a long press, and the repeats stopping is the release. Holding Enter
/// therefore never also selects the row. Space selects at once.
public struct KeyDecoder: Sendable {
    /// A decoded key.
    public enum Key: Equatable, Sendable {
        case action(InputAction)
        case quit
    }

    /// The longest wait for the terminal's first key repeat (its initial delay), until a held
    /// Enter has shown this terminal's own delay.
    public static let repeatGap: Int64 = 700_000_000
    /// Repeats come at the terminal's repeat rate (about 30 a second): a second Enter
    /// followed this quickly by a third is a held key, not a double tap.
    public static let repeatRate: Int64 = 150_000_000
    /// Repeats of a held Enter stopping this long: the key was let go.
    public static let releaseGap: Int64 = 200_000_000
    /// Held this long, Enter becomes a long press.
    public static let longPress: Int64 = 800_000_000

    /// One press of Enter: when it began, its latest byte, a second Enter not yet known to be
    /// a tap of its own or the first repeat, whether repeats showed it held, and whether the
    /// long press was sent.
    private struct EnterPress: Sendable {
        var start: Int64
        var last: Int64
        var second: Int64?
        var held = false
        var long = false
    }

    private var pending: [UInt8] = []
    private var enter: EnterPress?
    /// This terminal's initial repeat delay, once a held Enter showed it.
    private var learnedDelay: Int64?

    public init() {}

    /// How long after an Enter with no repeat it is taken as a tap.
    public var tapWindow: Int64 { learnedDelay.map { min($0 + 100_000_000, Self.repeatGap) } ?? Self.repeatGap }

    /// Feeds bytes read at monotonic time `now` (ns); returns the keys they complete.
    public mutating func feed(_ bytes: [UInt8], at now: Int64) -> [Key] {
        pending += bytes
        var keys = settle(at: now)
        func emit(_ key: Key) { keys += takeTaps() + [key] }  // a pending Enter tap goes first
        while !pending.isEmpty {
            let b = pending[0]
            if b == 0x1B {
                if pending.count >= 3 && pending[1] == 0x5B {  // ESC [ X
                    switch pending[2] {
                    case 0x43: emit(.action(.rotate(1)))   // →
                    case 0x44: emit(.action(.rotate(-1)))  // ←
                    case 0x41: emit(.action(.rotate(-1)))  // ↑
                    case 0x42: emit(.action(.rotate(1)))   // ↓
                    default: break
                    }
                    pending.removeFirst(3)
                    continue
                }
                if pending.count == 1 || pending[1] != 0x5B {  // a lone Esc is MENU
                    emit(.action(.menu))
                    pending.removeFirst()
                    continue
                }
                break  // wait for the rest of the sequence
            }
            pending.removeFirst()
            switch b {
            case 0x0D, 0x0A: keys += enterByte(at: now)
            case 0x20: emit(.action(.select))
            // As in vi: j (down) and l (right) turn clockwise, to the next row; k and h back.
            case UInt8(ascii: "j"), UInt8(ascii: "l"): emit(.action(.rotate(1)))
            case UInt8(ascii: "k"), UInt8(ascii: "h"): emit(.action(.rotate(-1)))
            case UInt8(ascii: "m"): emit(.action(.menu))
            case UInt8(ascii: "p"): emit(.action(.playPause))
            case UInt8(ascii: "n"): emit(.action(.next))
            case UInt8(ascii: "b"): emit(.action(.previous))
            case UInt8(ascii: "q"), 0x03: emit(.quit)
            default: break
            }
        }
        return keys
    }

    /// Call regularly (every frame): settles an Enter that no repeat followed (a tap: select),
    /// sends the long press of a held Enter and its release once the repeats stop.
    public mutating func tick(at now: Int64) -> [Key] { settle(at: now) }

    private mutating func enterByte(at now: Int64) -> [Key] {
        guard var press = enter else {
            enter = EnterPress(start: now, last: now)
            return []
        }
        if !press.held {
            if let second = press.second {
                // A third Enter at the repeat rate: the key is held. The second one was the
                // first repeat, so its delay is this terminal's.
                press.held = true
                press.second = nil
                learnedDelay = second - press.start
            } else {
                press.second = now
            }
        }
        press.last = now
        enter = press
        return longPressIfDue(at: now)
    }

    private mutating func settle(at now: Int64) -> [Key] {
        guard var press = enter else { return [] }
        if press.held {
            guard now - press.last < Self.releaseGap else {
                enter = nil
                // Let go: after the long press its release; before it, a click, as the encoder.
                return [.action(press.long ? .release(.select) : .select)]
            }
            return longPressIfDue(at: now)
        }
        var keys: [Key] = []
        if let second = press.second, now - second >= Self.repeatRate {
            keys.append(.action(.select))  // no repeat followed the second: the first was a tap
            press = EnterPress(start: second, last: second)
        }
        if press.second == nil && now - press.start >= tapWindow {
            keys.append(.action(.select))  // no repeat came: a tap
            enter = nil
        } else {
            enter = press
        }
        return keys
    }

    private mutating func longPressIfDue(at now: Int64) -> [Key] {
        guard var press = enter, press.held, !press.long, now - press.start >= Self.longPress else { return [] }
        press.long = true
        enter = press
        return [.action(.longPress(.select))]
    }

    /// Enter taps not settled yet, as selects, when another key shows they were taps.
    private mutating func takeTaps() -> [Key] {
        guard let press = enter, !press.held else { return [] }
        enter = nil
        return press.second == nil ? [.action(.select)] : [.action(.select), .action(.select)]
    }
}

import PixelRuntime
import PixelInputs
import PixelCore
import PixelUI

/// A message from a browser of `pixelwheel web`: a few bytes, the first one saying what it is.
///
/// | bytes | message |
/// |---|---|
/// | `01 hi lo` | a drag sample: the finger's angle around the wheel's centre, u16 big-endian in 1/65536 turn, clockwise from 3 o'clock on the y-down screen |
/// | `02` | the drag ended (finger lifted) |
/// | `03 id` | button `id` went down (0 centre, 1 MENU, 2 ⏯, 3 ⏭, 4 ⏮) |
/// | `04 id` | button `id` came up |
/// | `05 n` | the wheel turned `n` detents, a signed byte (the keyboard's arrows) |
/// | `06` | start or stop recording a GIF |
///
/// The browser never counts wheel steps: angles go to the server's `ClickWheel`.
public enum WebClientMessage: Hashable, Sendable {
    case dragSample(Angle)
    case dragEnd
    case buttonDown(InputAction.Button)
    case buttonUp(InputAction.Button)
    case rotate(Int)
    case recordToggle

    /// The longest message there is, in bytes; the server refuses longer WebSocket messages.
    public static let maximumLength = 3

    /// Why some bytes are no message.
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case unknownKind(UInt8)
        case wrongLength(kind: UInt8, expected: Int, got: Int)
        case unknownButton(UInt8)
    }

    /// The buttons in id order: 0 centre, 1 MENU, 2 play/pause, 3 next, 4 previous.
    public static let buttons: [InputAction.Button] = [.select, .menu, .playPause, .next, .previous]

    /// The message in `bytes`, or the problem with them.
    public static func parse(_ bytes: [UInt8]) -> Result<WebClientMessage, Problem> {
        guard let kind = bytes.first else { return .failure(.empty) }
        let expected: Int
        switch kind {
        case 1: expected = 3
        case 2, 6: expected = 1
        case 3, 4, 5: expected = 2
        default: return .failure(.unknownKind(kind))
        }
        guard bytes.count == expected else { return .failure(.wrongLength(kind: kind, expected: expected, got: bytes.count)) }
        switch kind {
        case 1: return .success(.dragSample(Angle(raw: Int32(bytes[1]) << 8 | Int32(bytes[2]))))
        case 2: return .success(.dragEnd)
        case 3, 4:
            guard Int(bytes[1]) < buttons.count else { return .failure(.unknownButton(bytes[1])) }
            let button = buttons[Int(bytes[1])]
            return .success(kind == 3 ? .buttonDown(button) : .buttonUp(button))
        case 5: return .success(.rotate(Int(Int8(bitPattern: bytes[1]))))
        default: return .success(.recordToggle)
        }
    }

    /// The bytes of this message (what the page sends; tests and the load generator use it).
    public var bytes: [UInt8] {
        switch self {
        case let .dragSample(angle):
            let raw = UInt16(truncatingIfNeeded: angle.normalized.raw)
            return [1, UInt8(raw >> 8), UInt8(raw & 0xff)]
        case .dragEnd: return [2]
        case let .buttonDown(button): return [3, UInt8(Self.buttons.firstIndex(of: button) ?? 0)]
        case let .buttonUp(button): return [4, UInt8(Self.buttons.firstIndex(of: button) ?? 0)]
        case let .rotate(detents): return [5, UInt8(bitPattern: Int8(clamping: detents))]
        case .recordToggle: return [6]
        }
    }
}

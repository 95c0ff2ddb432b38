#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Signals turned into flags that a loop reads between frames, fit for a daemon: the
/// handler only sets a bit (async-signal-safe), and the loop decides what to do — blank the
/// panels, save the settings, restore the terminal — and returns normally. Nothing calls
/// `_exit` from a handler.
///
/// Handlers are installed without `SA_RESTART`, so a sleep or `poll` in progress returns
/// early and the loop sees the flag at once.
public final class SignalWatcher: Sendable {
    /// The process's one watcher (signal dispositions are per process).
    public static let shared = SignalWatcher()

    /// Bit n set: signal n arrived and was not taken yet.
    private static let pending = Atomic<UInt64>(0)
    /// Signals with a handler installed.
    private let installed = Mutex<Set<Int32>>([])

    private init() {}

    /// SIGINT: Ctrl-C.
    public static let interrupt: Int32 = SIGINT
    /// SIGTERM: what systemd and `kill` send to stop a program.
    public static let terminate: Int32 = SIGTERM
    /// SIGUSR1: no meaning to PixelWheel (for tests of the watcher itself).
    public static let user1: Int32 = SIGUSR1
    /// SIGTSTP: Ctrl-Z, a request to suspend (the terminal must be restored first).
    public static let suspend: Int32 = SIGTSTP
    /// SIGCONT: resumed after a suspend (`fg`), or after SIGSTOP.
    public static let resume: Int32 = SIGCONT
    /// SIGWINCH: the terminal window changed size.
    public static let windowChange: Int32 = SIGWINCH
    /// SIGINT and SIGTERM: the signals that end a run cleanly.
    public static let stopSignals: [Int32] = [SIGINT, SIGTERM]

    /// Installs the flag-setting handler for each of `signals` (once per signal) and unblocks
    /// them on the calling thread.
    public func watch(_ signals: [Int32]) {
        _ = Self.pending.load(ordering: .relaxed)  // initialise the static before any handler can run
        installed.withLock { installed in
            for number in signals where !installed.contains(number) {
                _ = SystemCalls.intercept(.signalHandler(signal: number))
                var action = sigaction()
                #if canImport(Glibc)
                action.__sigaction_handler.sa_handler = { number in
                    SignalWatcher.pending.bitwiseOr(UInt64(1) << UInt64(number & 63), ordering: .relaxed)
                }
                #else
                action.__sigaction_u.__sa_handler = { number in
                    SignalWatcher.pending.bitwiseOr(UInt64(1) << UInt64(number & 63), ordering: .relaxed)
                }
                #endif
                sigemptyset(&action.sa_mask)
                action.sa_flags = 0
                sigaction(number, &action, nil)
                // A parent may have left the signal blocked (the mask is inherited across exec):
                // unblock it, or it would never arrive.
                var unblock = sigset_t()
                sigemptyset(&unblock)
                sigaddset(&unblock, number)
                pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
                installed.insert(number)
            }
        }
    }

    /// Puts back the default action for each of `signals`.
    public func restoreDefault(_ signals: [Int32]) {
        installed.withLock { installed in
            for number in signals where installed.contains(number) {
                signal(number, SIG_DFL)
                installed.remove(number)
            }
        }
    }

    /// Which of `signals` arrived since they were last taken, lowest number first; clears
    /// just those, so each part of the program takes only the signals it handles.
    public func take(_ signals: [Int32]) -> [Int32] {
        let mask = signals.reduce(UInt64(0)) { $0 | (UInt64(1) << UInt64($1 & 63)) }
        let bits = Self.pending.bitwiseAnd(~mask, ordering: .acquiringAndReleasing).oldValue & mask
        return (1..<64).filter { bits & (UInt64(1) << UInt64($0)) != 0 }.map { Int32($0) }
    }

    /// Whether SIGINT or SIGTERM arrived and is still pending (does not clear it).
    public var stopRequested: Bool {
        let bits = Self.pending.load(ordering: .acquiring)
        return Self.stopSignals.contains { bits & (UInt64(1) << UInt64($0)) != 0 }
    }

    /// Marks `number` as arrived, as its handler would (for tests, and for a loop that
    /// wants to stop itself the same way).
    public func post(_ number: Int32) {
        Self.pending.bitwiseOr(UInt64(1) << UInt64(number & 63), ordering: .relaxed)
    }

    /// Sends `number` to this process with the default action (used after the terminal is
    /// restored on SIGTSTP, so the shell really suspends the program).
    public func raiseWithDefaultAction(_ number: Int32) {
        restoreDefault([number])
        raise(number)
    }
}

/// SIGINT and SIGTERM as a request to stop a run: the value the composition root hands to the
/// frame loop's stop source, so nothing outside PixelSystem reads the process-wide watcher.
public struct StopSignals: Sendable {
    /// Starts watching SIGINT and SIGTERM (installing their flag-setting handlers).
    public init() { SignalWatcher.shared.watch(SignalWatcher.stopSignals) }

    /// Whether SIGINT or SIGTERM arrived (it stays pending, so every loop of the run sees it).
    public var isRequested: Bool { SignalWatcher.shared.stopRequested }
}

/// The signals a full-screen terminal program handles between frames: Ctrl-Z, `fg` and a
/// resized window.
public enum TerminalSignal: Sendable {
    /// SIGTSTP: Ctrl-Z, a request to suspend (restore the terminal first).
    case suspend
    /// SIGCONT: resumed after a suspend.
    case resume
    /// SIGWINCH: the window changed size.
    case windowChange
}

/// The terminal's signals for the terminal front end, over the process's one watcher.
public struct TerminalSignals: Sendable {
    private static let numbers: [(Int32, TerminalSignal)] = [
        (SignalWatcher.suspend, .suspend), (SignalWatcher.resume, .resume), (SignalWatcher.windowChange, .windowChange),
    ]

    /// A handle; nothing is watched until `watch()`.
    public init() {}

    /// Installs the handlers for SIGTSTP, SIGCONT and SIGWINCH.
    public func watch() { SignalWatcher.shared.watch(Self.numbers.map(\.0)) }

    /// The terminal signals that arrived since the last call, lowest number first.
    public func take() -> [TerminalSignal] {
        let arrived = SignalWatcher.shared.take(Self.numbers.map(\.0))
        return Self.numbers.filter { arrived.contains($0.0) }.map(\.1)
    }

    /// Really suspends the process (the shell's job control), then watches SIGTSTP again for
    /// after `fg`. Call it once the terminal is restored.
    public func suspendProcess() {
        SignalWatcher.shared.raiseWithDefaultAction(SignalWatcher.suspend)
        SignalWatcher.shared.watch([SignalWatcher.suspend])
    }

    /// Puts back the default actions.
    public func stopWatching() { SignalWatcher.shared.restoreDefault(Self.numbers.map(\.0)) }
}

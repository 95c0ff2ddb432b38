#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one seam between PixelWheel and the operating system: every `open`, `close`, `read`,
/// `write`, `ioctl`, `mmap`, `poll`, `rename`, `fsync`, sleep, clock read and signal handler
/// goes through here.
///
/// Each function keeps the C calling convention — it returns what the C function returns and
/// leaves the reason in `errno` — so the typed wrappers above it stay thin. When a test has
/// installed a `SystemCallRecorder`, each call is recorded first, and one the recorder was told
/// to fail is not made: it returns -1 (or `nil`) with the injected `errno`.
public enum SystemCalls {
    /// Records `call` (when a test installed a recorder) and says how the test answers it: nil
    /// to make the call for real. A failure sets `errno`.
    @inline(__always)
    static func answer(_ call: @autoclosure () -> SystemCall) -> SystemCallAnswer? {
        guard let recorder = SystemCallRecorder.current else { return nil }
        let answer = recorder.record(call())
        if case let .fail(code)? = answer { errno = code }
        return answer
    }

    /// Records `call`; true when the test answered it with a failure (then `errno` is set).
    /// A call answered with success is made anyway by the callers of this form.
    @inline(__always)
    static func intercept(_ call: @autoclosure () -> SystemCall) -> Bool {
        if case .fail? = answer(call()) { return true }
        return false
    }

    /// Runs `perform`, a call into a C library that talks to the kernel (libgpiod, libi2c),
    /// as a call through the seam: recorded as `call`, and answered by a test when it says
    /// so. `perform` returns what the C function returns; a failure is -1 with `errno`.
    public static func library(_ call: SystemCall, _ perform: () -> Int32) -> Int32 {
        switch answer(call) {
        case .fail?: return -1
        case let .succeed(result)?: return Int32(truncatingIfNeeded: result)
        case nil: return perform()
        }
    }

    /// `library(_:_:)` for a C function that writes NUL-terminated text into the buffer of
    /// `capacity` bytes it is given and returns 0: the text, or nil (with `errno`) when it
    /// failed. A test's success answer is the text its recorder was given
    /// (`SystemCallRecorder.succeed(writing:)`), else "".
    public static func libraryText(_ call: SystemCall, capacity: Int, _ perform: (UnsafeMutablePointer<CChar>, Int) -> Int32) -> String? {
        if let recorder = SystemCallRecorder.current, let response = recorder.respond(to: call) {
            switch response.answer {
            case let .fail(code):
                errno = code
                return nil
            case .succeed:
                return response.text ?? ""
            }
        }
        var buffer = [CChar](repeating: 0, count: capacity)
        guard perform(&buffer, capacity) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `handle` is a test's stand-in (below 64 KiB, where Linux never maps memory)
    /// rather than a real one: code that frees handles outside the test's task skips these.
    public static func isStandIn(_ handle: OpaquePointer) -> Bool { UInt(bitPattern: Int(bitPattern: handle)) < 0x10000 }

    /// `library(_:_:)` for a C function that returns a handle (nil with `errno` on failure). A
    /// test's success answer is a stand-in handle that only answered calls may be given.
    public static func libraryHandle(_ call: SystemCall, _ perform: () -> OpaquePointer?) -> OpaquePointer? {
        switch answer(call) {
        case .fail?: return nil
        case let .succeed(result)?: return OpaquePointer(bitPattern: result == 0 ? 0x1000 : result)
        case nil: return perform()
        }
    }

    /// `open(2)`. The corresponding C call is `open(path, flags, mode)`.
    public static func open(_ path: String, _ flags: Int32, _ mode: UInt32 = 0) -> Int32 {
        switch answer(.open(path: path, flags: flags)) {
        case .fail?: return -1
        case let .succeed(fd)?: return Int32(fd)
        case nil: break
        }
        #if canImport(Glibc)
        return Glibc.open(path, flags, mode_t(mode))
        #else
        return Darwin.open(path, flags, mode_t(mode))
        #endif
    }

    /// `close(2)`.
    @discardableResult
    public static func close(_ fd: Int32) -> Int32 {
        switch answer(.close(fd: fd)) {
        case .fail?: return -1
        case .succeed?: return 0
        case nil: break
        }
        #if canImport(Glibc)
        return Glibc.close(fd)
        #else
        return Darwin.close(fd)
        #endif
    }

    /// `read(2)` into `buffer`; retried on EINTR.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        if intercept(.read(fd: fd, count: buffer.count)) { return -1 }
        while true {
            #if canImport(Glibc)
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.read(fd, buffer.baseAddress, buffer.count)
            #endif
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// `write(2)` of `buffer`; retried on EINTR. May write fewer bytes than given.
    public static func write(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Int {
        if intercept(.write(fd: fd, bytes: Array(buffer))) { return -1 }
        while true {
            #if canImport(Glibc)
            let n = Glibc.write(fd, buffer.baseAddress, buffer.count)
            #else
            let n = Darwin.write(fd, buffer.baseAddress, buffer.count)
            #endif
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// Writes all of `bytes` to `fd`; false (with `errno`) if the descriptor refused.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    /// `ioctl(2)` with a pointer to `argument`, whose bytes are recorded as they go in.
    public static func ioctl<T>(_ fd: Int32, _ request: UInt, _ argument: inout T) -> Int32 {
        let recorded = withUnsafeBytes(of: &argument) { Array($0) }
        switch answer(.ioctl(fd: fd, request: request, argument: recorded)) {
        case .fail?: return -1
        case let .succeed(result)?: return Int32(result)
        case nil: break
        }
        #if canImport(Glibc)
        return withUnsafeMutablePointer(to: &argument) { Glibc.ioctl(fd, request, $0) }
        #else
        return withUnsafeMutablePointer(to: &argument) { Darwin.ioctl(fd, request, $0) }
        #endif
    }

    /// `ioctl(2)` with an integer argument passed by value.
    public static func ioctl(_ fd: Int32, _ request: UInt, value: Int32) -> Int32 {
        var bytes = value
        let recorded = withUnsafeBytes(of: &bytes) { Array($0) }
        switch answer(.ioctl(fd: fd, request: request, argument: recorded)) {
        case .fail?: return -1
        case let .succeed(result)?: return Int32(result)
        case nil: break
        }
        #if canImport(Glibc)
        return Glibc.ioctl(fd, request, value)
        #else
        return Darwin.ioctl(fd, request, value)
        #endif
    }

    /// `mmap(2)` of `length` bytes of `fd` at `offset`, shared and read-write; nil on failure.
    public static func mmap(_ fd: Int32, length: Int, offset: Int) -> UnsafeMutableRawPointer? {
        switch answer(.mmap(fd: fd, length: length, offset: offset)) {
        case .fail?: return nil
        case .succeed?: return nil  // no stand-in memory: tests map a simulated register file instead
        case nil: break
        }
        #if canImport(Glibc)
        let address = Glibc.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        #else
        let address = Darwin.mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        #endif
        return address == MAP_FAILED ? nil : address
    }

    /// `munmap(2)`.
    @discardableResult
    public static func munmap(_ address: UnsafeMutableRawPointer, length: Int) -> Int32 {
        if intercept(.munmap(length: length)) { return -1 }
        #if canImport(Glibc)
        return Glibc.munmap(address, length)
        #else
        return Darwin.munmap(address, length)
        #endif
    }

    /// `poll(2)` for readability of `fds`; returns the descriptors that are readable (empty on
    /// timeout), or nil on error. EINTR counts as a timeout.
    public static func pollReadable(_ fds: [Int32], timeoutMilliseconds: Int32) -> [Int32]? {
        if intercept(.poll(fds: fds, timeoutMilliseconds: timeoutMilliseconds)) { return nil }
        var entries = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        #if canImport(Glibc)
        let n = Glibc.poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
        #else
        let n = Darwin.poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
        #endif
        if n < 0 { return errno == EINTR ? [] : nil }
        return entries.filter { $0.revents & Int16(POLLIN | POLLHUP) != 0 }.map(\.fd)
    }

    /// `rename(2)`.
    public static func rename(_ from: String, _ to: String) -> Int32 {
        if intercept(.rename(from: from, to: to)) { return -1 }
        #if canImport(Glibc)
        return Glibc.rename(from, to)
        #else
        return Darwin.rename(from, to)
        #endif
    }

    /// `fsync(2)`.
    public static func fsync(_ fd: Int32) -> Int32 {
        if intercept(.fsync(fd: fd)) { return -1 }
        #if canImport(Glibc)
        return Glibc.fsync(fd)
        #else
        return Darwin.fsync(fd)
        #endif
    }

    /// `mkdir(2)`.
    @discardableResult
    public static func mkdir(_ path: String, _ mode: UInt32) -> Int32 {
        if intercept(.mkdir(path: path)) { return -1 }
        #if canImport(Glibc)
        return Glibc.mkdir(path, mode_t(mode))
        #else
        return Darwin.mkdir(path, mode_t(mode))
        #endif
    }

    /// `unlink(2)`.
    @discardableResult
    public static func unlink(_ path: String) -> Int32 {
        if intercept(.unlink(path: path)) { return -1 }
        #if canImport(Glibc)
        return Glibc.unlink(path)
        #else
        return Darwin.unlink(path)
        #endif
    }

    /// `stat(2)`: the file's type bits (`S_IFMT` part of `st_mode`), or nil (with `errno`).
    public static func fileType(_ path: String) -> UInt32? {
        if intercept(.stat(path: path)) { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode) & UInt32(S_IFMT)
    }

    /// `stat(2)`: type and permission bits, owner and group; nil (with `errno`) on failure.
    public static func fileStatus(_ path: String) -> (mode: UInt32, owner: UInt32, group: UInt32)? {
        if intercept(.stat(path: path)) { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt32(info.st_mode), UInt32(info.st_uid), UInt32(info.st_gid))
    }

    /// The groups this process belongs to (`getgroups(2)` and the effective group).
    public static func groupIDs() -> Set<UInt32> {
        var groups = [gid_t](repeating: 0, count: 256)
        let n = getgroups(Int32(groups.count), &groups)
        return Set(groups.prefix(max(0, Int(n))).map { UInt32($0) } + [UInt32(getegid())])
    }

    /// `stat(2)`: the size in bytes of what `path` names, or nil (with `errno`).
    public static func fileSize(_ path: String) -> Int? {
        if intercept(.stat(path: path)) { return nil }
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// `opendir(3)`/`readdir(3)`: the names in the directory at `path` (without `.` and `..`),
    /// at most `limit` of them, in the order the file system gives; nil (with `errno`) when it
    /// cannot be opened.
    public static func directoryEntries(_ path: String, limit: Int) -> [String]? {
        if intercept(.readDirectory(path: path)) { return nil }
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while names.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// `readlink(2)`: the target of the symbolic link at `path`, or nil with `errno`.
    public static func readlink(_ path: String) -> String? {
        if intercept(.readlink(path: path)) { return nil }
        var buffer = [CChar](repeating: 0, count: 4097)
        #if canImport(Glibc)
        let count = Glibc.readlink(path, &buffer, 4096)
        #else
        let count = Darwin.readlink(path, &buffer, 4096)
        #endif
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `access(2)`.
    public static func access(_ path: String, _ mode: Int32) -> Int32 {
        if intercept(.access(path: path, mode: mode)) { return -1 }
        #if canImport(Glibc)
        return Glibc.access(path, mode)
        #else
        return Darwin.access(path, mode)
        #endif
    }

    /// Nanoseconds on `CLOCK_MONOTONIC`.
    public static func monotonicNanoseconds() -> Int64 {
        _ = intercept(.monotonicClock)
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
    }

    /// Sleeps until `CLOCK_MONOTONIC` reads `deadline` (an absolute deadline, so a late
    /// wake-up does not push later ones back). Returns early, without error, on a signal.
    public static func sleep(untilMonotonic deadline: Int64) {
        if intercept(.sleep(untilNanoseconds: deadline)) { return }
        var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        #if os(Linux)
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil)
        #else
        let remaining = deadline - monotonicNanoseconds()
        if remaining > 0 {
            ts = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
            nanosleep(&ts, nil)
        }
        #endif
    }

    /// `posix_spawnp(3)` of `program` with `arguments`, its standard output into a new pipe
    /// (its standard input and error /dev/null): the child's process id and the pipe's read end,
    /// or nil (with `errno`) when it cannot be started.
    public static func spawn(_ program: String, _ arguments: [String]) -> (pid: Int32, output: Int32)? {
        if intercept(.spawn(program: program, arguments: arguments)) { return nil }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        // Close-on-exec, so no other child inherits the ends (dup2 clears it on the child's 1).
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = [program] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, program, &actions, nil, &argv, environ)
        _ = Self.close(ends[1])
        guard result == 0 else {
            _ = Self.close(ends[0])
            errno = result
            return nil
        }
        return (pid, ends[0])
    }

    /// `kill(pid, SIGKILL)`.
    public static func kill(_ pid: Int32) {
        if intercept(.kill(pid: pid)) { return }
        #if canImport(Glibc)
        _ = Glibc.kill(pid, SIGKILL)
        #else
        _ = Darwin.kill(pid, SIGKILL)
        #endif
    }

    /// `waitpid(pid, …, 0)`: the exit status, or nil when the child ended by a signal.
    public static func waitForExit(_ pid: Int32) -> Int32? {
        if intercept(.wait(pid: pid)) { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED and WEXITSTATUS, which Swift does not import (they are macros).
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// `strerror(code)` as a Swift string.
    public static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// The calling thread's `errno`.
    public static var lastError: Int32 { errno }
}

/// One call through the system-call seam, as a test sees it: the operation and its arguments.
///
/// Buffers are recorded by value (the bytes written, the bytes of an ioctl's argument as
/// they were when the call was made), so a test can assert the exact request without a
/// device behind it.
public enum SystemCall: Hashable, Sendable {
    /// `open(path, flags, mode)`.
    case open(path: String, flags: Int32)
    /// `close(fd)`.
    case close(fd: Int32)
    /// `read(fd, buffer, count)`.
    case read(fd: Int32, count: Int)
    /// `write(fd, bytes, bytes.count)`.
    case write(fd: Int32, bytes: [UInt8])
    /// `ioctl(fd, request, argument)`, with the argument's bytes when it points at a struct.
    case ioctl(fd: Int32, request: UInt, argument: [UInt8])
    /// `mmap(nil, length, …, fd, offset)`.
    case mmap(fd: Int32, length: Int, offset: Int)
    /// `munmap(address, length)`.
    case munmap(length: Int)
    /// `poll(fds, count, timeout)`: the descriptors and the timeout in milliseconds.
    case poll(fds: [Int32], timeoutMilliseconds: Int32)
    /// `rename(from, to)`.
    case rename(from: String, to: String)
    /// `fsync(fd)`.
    case fsync(fd: Int32)
    /// `mkdir(path, mode)`.
    case mkdir(path: String)
    /// `unlink(path)`.
    case unlink(path: String)
    /// `stat(path)`.
    case stat(path: String)
    /// `access(path, mode)`.
    case access(path: String, mode: Int32)
    /// `readlink(path, …)`.
    case readlink(path: String)
    /// `opendir(path)`, `readdir` until the end, `closedir`.
    case readDirectory(path: String)
    /// `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, deadline)`.
    case sleep(untilNanoseconds: Int64)
    /// `clock_gettime(CLOCK_MONOTONIC)`.
    case monotonicClock
    /// `sigaction(signal, …)`.
    case signalHandler(signal: Int32)
    /// A call into a C library that talks to the kernel for us (libgpiod, libi2c): its name,
    /// the descriptor or handle it works on (0 when none), its integer arguments and any bytes
    /// it sends or text it names.
    case library(name: String, fd: Int32, arguments: [Int], bytes: [UInt8], text: String)
    /// `socket(domain, type, 0)`.
    case socket(domain: Int32, type: Int32)
    /// `setsockopt(fd, level, name, value)`, with the value's bytes.
    case setSocketOption(fd: Int32, level: Int32, name: Int32, value: [UInt8])
    /// `bind(fd, address:port)` of an IPv4 socket (address in host order).
    case bind(fd: Int32, address: UInt32, port: UInt16)
    /// `listen(fd, backlog)`.
    case listen(fd: Int32, backlog: Int32)
    /// `accept4(fd, …)`.
    case accept(fd: Int32)
    /// `recvfrom(fd, buffer, count, …)`.
    case receiveFrom(fd: Int32, count: Int)
    /// `recvmsg(fd, …)` of at most `count` bytes, asking for `IP_PKTINFO`'s control message.
    case receiveMessage(fd: Int32, count: Int)
    /// `sendto(fd, bytes, …, address:port)`.
    case sendTo(fd: Int32, bytes: [UInt8], address: UInt32, port: UInt16)
    /// `posix_spawnp(program, arguments)` with its output into a pipe.
    case spawn(program: String, arguments: [String])
    /// `kill(pid, SIGKILL)`.
    case kill(pid: Int32)
    /// `waitpid(pid)`.
    case wait(pid: Int32)
    /// `tcsetattr` / `tcgetattr` on a descriptor.
    case terminalAttributes(fd: Int32, set: Bool)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `errno` values that modules above the system-call seam tell apart, by name, so none of
/// them imports the C library for a constant.
public enum ErrorNumber {
    /// `EADDRINUSE`: the address and port are taken by another socket.
    public static let addressInUse = EADDRINUSE
    /// `EADDRNOTAVAIL`: the address is not one of this machine's.
    public static let addressNotAvailable = EADDRNOTAVAIL
    /// `EACCES`: permission denied (a port below 1024 without the right to it, say).
    public static let permissionDenied = EACCES
    /// `ENOBUFS`: no more multicast groups on this socket (`net.ipv4.igmp_max_memberships`).
    public static let noBufferSpace = ENOBUFS
    /// `ENODEV`: no interface to join a multicast group on (no route to it).
    public static let noDevice = ENODEV
}

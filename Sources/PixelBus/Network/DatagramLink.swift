/// Where a sending panel's datagrams go: one UDP destination. A UDP socket on a Pi and in a
/// simulated run, a recorder (and a model that shows what arrives) in tests.
public protocol DatagramLink: AnyObject {
    /// The destination, `host:port`, for messages.
    var name: String { get }
    /// Sends one datagram; a failed send is counted by the link, not thrown, as UDP gives no
    /// delivery anyway (throws only when the link cannot send at all).
    func send(_ datagram: [UInt8]) throws(BusError)
}

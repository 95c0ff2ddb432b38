/// The bounds on what a browser or client may make the server hold and read, which FlyingFox
/// does not bound itself (it reads a request head line by line with no length limit, a body
/// as long as its Content-Length says, and a WebSocket frame whole). `ConnectionGuard` keeps
/// them; docs/simulator.md gives the figures and what is bounded how closely.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections open at once; ones found beyond it, the newest first, are cut off.
    public var connections = 128
    /// Bytes of one request head, the request line and every header line together.
    public var headBytes = 16 * 1024
    /// Bytes of one request body, checked against its Content-Length before it is read; a body
    /// longer, or without a length (chunked), ends the connection.
    public var bodyBytes = 8 * 1024
    /// Seconds a connection may wait with a request unfinished (counted from its opening or
    /// the last answer written), so a client trickling a head byte by byte is dropped.
    public var headSeconds: Int64 = 10
    /// Seconds a connection may stay open with nothing of a next request sent (a keep-alive
    /// connection between requests): longer than a client's polling interval, so a client
    /// polling every 10 s, as Home Assistant does, is not closed as it sends.
    public var idleSeconds: Int64 = 60
    /// Bytes a WebSocket may receive without completing a frame: a frame that announces more
    /// closes the connection (1009) while its payload is arriving.
    public var frameBytes = 16 * 1024
    /// The kernel's receive buffer asked for each connection, so what waits unread in it is
    /// small (Linux doubles the figure).
    public var receiveBuffer = 16 * 1024

    /// The figures above.
    public init() {}

    /// What may arrive between two requests handed to the routes: one head and one body.
    var requestBytes: Int { headBytes + bodyBytes }
}

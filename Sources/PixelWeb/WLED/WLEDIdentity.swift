import PixelConfig
import PixelCore

/// Who the device says it is in `/json/info`: its name, a stable MAC and the WLED version whose
/// API it speaks.
public struct WLEDIdentity: Sendable, Equatable {
    /// The name clients show (`info.name`); `--name`.
    public var name: String
    /// Twelve lowercase hex digits (`info.mac`), the unique id Home Assistant keys the device
    /// by: derived from the name, so it stays the same across restarts and changes only with it.
    public var mac: String
    /// PixelWheel's own version, in `info.product`.
    public var pixelWheelVersion: String
    /// The address clients reach it on (`info.ip`), or empty.
    public var ip: String

    /// The WLED version whose JSON API is served (`info.ver`). python-wled refuses a device
    /// older than 0.14.0; 0.15.0 is the release whose fields the API follows.
    public static let apiVersion = "0.15.0"
    /// WLED's build id field (`info.vid`): the date of the API version followed, yymmdd0.
    public static let buildID = 2_410_270
    /// The longest name kept, in characters (WLED's own limit is 32).
    public static let maximumNameLength = WebSetup.maximumNameLength

    /// An identity named `name` (cut to `maximumNameLength`), its MAC derived from the name.
    public init(name: String, pixelWheelVersion: String, ip: String = "") {
        let kept = String(name.prefix(Self.maximumNameLength))
        self.name = kept
        self.mac = Self.mac(forName: kept)
        self.pixelWheelVersion = pixelWheelVersion
        self.ip = ip
    }

    /// A locally administered unicast MAC from the SHA-256 of `name`: stable, and unlikely to be
    /// any real card's.
    public static func mac(forName name: String) -> String {
        var bytes = Array(SHA256.digest(of: Array(name.utf8)).prefix(6))
        bytes[0] = (bytes[0] & 0xFC) | 0x02
        let hex = Array("0123456789abcdef")
        return String(bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] })
    }
}

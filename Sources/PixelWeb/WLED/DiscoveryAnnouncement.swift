/// What PixelWheel announces on the LAN by mDNS, as a static service file for avahi-daemon
/// (`man 5 avahi.service`), so phones, the WLED apps and Home Assistant find it by name.
///
/// - `_http._tcp` on the page's port, whenever the page listens beyond loopback.
/// - `_wled._tcp` with the TXT record `mac=<12 hex digits>`, only when the WLED JSON API is on
///   and open without a password to an allow-list (`api_allow`): Home Assistant's integration
///   sends no credentials, so a device that would ask for one is not offered to it.
///
/// Nothing is announced for a page on loopback: nothing on the network could reach it.
public struct DiscoveryAnnouncement: Sendable, Equatable {
    /// The service file's name in avahi's folder.
    public static let fileName = "pixelwheel.service"
    /// avahi-daemon's folder of static services, watched by the daemon.
    public static let standardFolder = "/etc/avahi/services"

    /// The service name the browsers show (the device's `name`).
    public var name: String
    /// The page's and the API's port.
    public var port: Int
    /// The MAC Home Assistant keys the device by (`info.mac`), announced in `_wled._tcp`'s TXT.
    public var mac: String
    /// Whether `_wled._tcp` is announced beside `_http._tcp`.
    public var announcesWLED: Bool

    /// The announcement of a device called `name` on `port`.
    public init(name: String, port: Int, mac: String, announcesWLED: Bool) {
        self.name = name; self.port = port; self.mac = mac; self.announcesWLED = announcesWLED
    }

    /// Why nothing is announced, or the announcement, for a page on `host`:`port` named `name`,
    /// with the API on or off and an allow-list or none.
    public static func plan(host: String, port: Int, isLoopback: Bool, api: Bool, apiOpenToAllowList: Bool,
                            name: String) -> Result<DiscoveryAnnouncement, NothingAnnounced> {
        guard !isLoopback else { return .failure(NothingAnnounced(reason: "the page listens on \(host) only; nothing on the network could reach it")) }
        guard port != 0 else { return .failure(NothingAnnounced(reason: "the page's port is chosen when it starts (0); give [web] listen a fixed port")) }
        let wled = api && apiOpenToAllowList
        return .success(DiscoveryAnnouncement(name: name, port: port, mac: WLEDIdentity.mac(forName: name), announcesWLED: wled))
    }

    /// Why a configuration announces nothing.
    public struct NothingAnnounced: Error, Equatable, Sendable {
        /// In words.
        public var reason: String
        /// Nothing announced, for `reason`.
        public init(reason: String) { self.reason = reason }
    }

    /// The service types announced.
    public var serviceTypes: [String] { announcesWLED ? ["_wled._tcp", "_http._tcp"] : ["_http._tcp"] }

    /// The avahi service file.
    public var serviceFile: String {
        var lines = [
            "<?xml version=\"1.0\" standalone='no'?>",
            "<!DOCTYPE service-group SYSTEM \"avahi-service.dtd\">",
            "<!-- Written by pixelwheel announce from the [web] table; removed when the service stops. -->",
            "<service-group>",
            "  <name>\(Self.escaped(name))</name>",
        ]
        if announcesWLED {
            lines += ["  <service>", "    <type>_wled._tcp</type>", "    <port>\(port)</port>",
                      "    <txt-record>mac=\(mac)</txt-record>", "  </service>"]
        }
        lines += ["  <service>", "    <type>_http._tcp</type>", "    <port>\(port)</port>", "  </service>", "</service-group>", ""]
        return lines.joined(separator: "\n")
    }

    /// `text` with XML's five special characters escaped (the service file's name, and the
    /// HTTP API's `<vs>` reply).
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(character)
            }
        }
        return out
    }
}

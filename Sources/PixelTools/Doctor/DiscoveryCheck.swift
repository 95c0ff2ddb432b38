/// `doctor`'s check that the panel is announced on the LAN (mDNS, through avahi-daemon): the
/// service file `pixelwheel announce` writes, the daemon, and — with `avahi-browse` — what a
/// browser on the network would actually find.
public struct DiscoveryCheck: Sendable, Equatable {
    /// What the configuration announces: the service name, its port, the service types and, for
    /// `_wled._tcp`, the MAC in its TXT record.
    public struct Expected: Sendable, Equatable {
        public var name: String
        public var port: Int
        public var serviceTypes: [String]
        public var mac: String?
        /// The expected announcement.
        public init(name: String, port: Int, serviceTypes: [String], mac: String?) {
            self.name = name; self.port = port; self.serviceTypes = serviceTypes; self.mac = mac
        }
    }

    /// One resolved service from `avahi-browse --parsable --resolve`.
    public struct Found: Sendable, Equatable {
        public var name: String
        public var type: String
        public var address: String
        public var port: Int
        public var txt: [String]
    }

    /// Nil when the configuration announces nothing (then `whyNothing` says why).
    public var expected: Expected?
    /// Why nothing is announced.
    public var whyNothing: String
    /// The configuration file it was read from.
    public var configPath: String

    /// A check of `expected` (or of nothing, for `whyNothing`) from `configPath`.
    public init(expected: Expected?, whyNothing: String = "", configPath: String) {
        self.expected = expected; self.whyNothing = whyNothing; self.configPath = configPath
    }

    /// The findings, given whether avahi-daemon is installed, the service file's text (nil when
    /// missing), the file that would be written, and `avahi-browse`'s output for each service
    /// type (nil when avahi-browse is not installed or did not answer).
    public func findings(daemonInstalled: Bool, serviceFile: String?, wanted: String?, browsed: [String: String]?) -> [Doctor.Finding] {
        guard let expected else {
            let stale = serviceFile.map { _ in " — but an old announcement is still in /etc/avahi/services" } ?? ""
            return [Doctor.Finding(level: stale.isEmpty ? .note : .problem, text: "mDNS: nothing announced: \(whyNothing)\(stale)",
                                   fix: stale.isEmpty ? nil : "sudo pixelwheel announce --config \(configPath) (it removes it)")]
        }
        let what = expected.serviceTypes.joined(separator: " and ")
        guard daemonInstalled else {
            return [Doctor.Finding(level: .problem, text: "mDNS: avahi-daemon is not installed, so \(what) cannot be announced",
                                   fix: "sudo apt install avahi-daemon")]
        }
        guard let serviceFile, serviceFile == wanted else {
            let state = serviceFile == nil ? "is not written" : "is out of date"
            return [Doctor.Finding(level: .problem, text: "mDNS: /etc/avahi/services/pixelwheel.service \(state)",
                                   fix: "sudo pixelwheel announce --config \(configPath) (the service does this at each start: sudo systemctl restart pixelwheel)")]
        }
        var findings = [Doctor.Finding(level: .ok, text: "mDNS: announcing \"\(expected.name)\" as \(what) on port \(expected.port)")]
        guard let browsed else {
            findings.append(Doctor.Finding(level: .note, text: "mDNS: install avahi-utils to see what a browser finds (avahi-browse)"))
            return findings
        }
        for type in expected.serviceTypes {
            let found = Self.parse(browsed[type] ?? "").filter { $0.type == type && $0.name == expected.name }
            let wantedTXT = type == "_wled._tcp" ? expected.mac.map { "mac=" + $0 } : nil
            if let hit = found.first(where: { $0.port == expected.port && (wantedTXT.map($0.txt.contains) ?? true) }) {
                findings.append(Doctor.Finding(level: .ok, text: "mDNS: avahi-browse finds \(type) \"\(hit.name)\" at \(hit.address):\(hit.port)"
                    + (wantedTXT.map { " with \($0)" } ?? "")))
            } else {
                findings.append(Doctor.Finding(level: .problem, text: "mDNS: avahi-browse does not find \(type) \"\(expected.name)\" on port \(expected.port)",
                                               fix: "sudo systemctl restart avahi-daemon; check allow-interfaces in /etc/avahi/avahi-daemon.conf"))
            }
        }
        return findings
    }

    /// The resolved services (`=` lines) of `avahi-browse --parsable --resolve` output:
    /// `=;IFACE;PROTO;NAME;TYPE;DOMAIN;HOST;ADDRESS;PORT;TXT`, the name with avahi's `\DDD`
    /// escapes, the TXT as quoted strings separated by spaces.
    public static func parse(_ output: String) -> [Found] {
        output.split(separator: "\n").compactMap { line -> Found? in
            let fields = line.split(separator: ";", maxSplits: 9, omittingEmptySubsequences: false)
            guard fields.count == 10, fields[0] == "=", let port = Int(fields[8]) else { return nil }
            return Found(name: unescaped(fields[3]), type: String(fields[4]), address: String(fields[7]), port: port, txt: quoted(fields[9]))
        }
    }

    /// avahi-browse's `\DDD` (a decimal byte) and `\C` escapes undone.
    static func unescaped(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var rest = Array(text.utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "\\"), let next = rest.first else { bytes.append(byte); continue }
            let digits = rest.prefix(3)
            if digits.count == 3, digits.allSatisfy({ (48...57).contains($0) }),
               let value = UInt8(String(decoding: digits, as: UTF8.self)) {
                bytes.append(value)
                rest = rest.dropFirst(3)
            } else {
                bytes.append(next)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The strings of a space-separated list of `"…"`.
    static func quoted(_ text: Substring) -> [String] {
        var items: [String] = [], current = "", inside = false
        for character in text {
            if character == "\"" {
                if inside { items.append(current); current = "" }
                inside.toggle()
            } else if inside {
                current.append(character)
            }
        }
        return items
    }
}

import ArgumentParser
import PixelBus
import PixelConfig
import PixelCore
import PixelEffects
import PixelNetwork
import PixelPanels
import PixelRuntime
import PixelWeb

// The typed values of the options, each parsed once, by the parser of the module that owns
// the value: ArgumentParser calls these transforms, and a value they refuse is reported with
// the option's name and the owner's one-line problem, before any command runs.

/// `--panel TYPE:key=value,…`, read by the panels' own parser.
func parsePanel(_ text: String) throws -> PanelDescription { try PanelDescription(parsing: text) }

/// One `--param NAME=VALUE`.
struct ParameterAssignment: Sendable, Hashable {
    /// The parameter's name (`speed`, or `bounce.speed` for the app's options).
    let name: String
    /// Its value, as written.
    let value: String

    /// `text`, split at its first `=`, as the effects' catalog splits it.
    static func parse(_ text: String) throws -> ParameterAssignment {
        let parsed = try EffectCatalog.parseAssignments([text])
        guard let (name, value) = parsed.first else { throw EffectError.malformedParameter(text: text) }
        return ParameterAssignment(name: name, value: value)
    }
}

extension Array where Element == ParameterAssignment {
    /// The assignments by name; the last of repeated names wins.
    var byName: [String: String] {
        var result: [String: String] = [:]
        for assignment in self { result[assignment.name] = assignment.value }
        return result
    }
}

/// `--network LIST`: the protocols, or `all`.
struct ProtocolChoice: Sendable, Hashable {
    /// The protocols chosen, in their standard order.
    let protocols: [NetworkProtocol]

    static func parse(_ text: String) throws -> ProtocolChoice { ProtocolChoice(protocols: try NetworkSetup.parseProtocols(text)) }
}

/// `--network-listen ADDR`: a dotted IPv4 address, kept as written.
func parseNetworkListen(_ text: String) throws -> String {
    try NetworkSetup.checkListen(text)
    return text
}

/// One `--network-port PROTOCOL=PORT`.
struct PortAssignment: Sendable, Hashable {
    /// The protocol moved.
    let kind: NetworkProtocol
    /// Its port.
    let port: UInt16

    static func parse(_ text: String) throws -> PortAssignment {
        let (kind, port) = try NetworkSetup.parsePort(text)
        return PortAssignment(kind: kind, port: port)
    }
}

/// `--network-allow CIDR` and `--api-allow CIDR`: an address or a network.
func parseAddressRange(_ text: String) throws -> AddressRange { try NetworkSetup.parseAllow(text) }

/// `--network-timeout SECONDS`, 0.1...3600, as nanoseconds.
func parseStreamTimeout(_ text: String) throws -> Int64 {
    guard let seconds = Double(text) else { throw NetworkSetupProblem("'\(text)' is not a number of seconds") }
    return try NetworkSetup.timeout(seconds: seconds)
}

/// `text` as a whole number, or a problem saying it is none.
private func wholeNumber(_ text: String) throws -> Int {
    guard let number = Int(text) else { throw NetworkSetupProblem("'\(text)' is not a whole number") }
    return number
}

/// `--universe N`: 1...63999.
func parseUniverse(_ text: String) throws -> UInt16 {
    try NetworkSetup.checkUniverse(try wholeNumber(text))
}

/// `--start-channel N`: a DMX channel, 1...512.
func parseStartChannel(_ text: String) throws -> Int {
    try NetworkSetup.checkChannel(try wholeNumber(text), "the top-left pixel's first channel")
}

/// `--universe-size N`: the channels a universe carries, 1...512.
func parseUniverseSize(_ text: String) throws -> Int {
    try NetworkSetup.checkChannel(try wholeNumber(text), "the channels a universe carries")
}

/// `--listen ADDR:PORT` (`[IPv6]:PORT`, `:PORT` for loopback), read by the web set-up's parser.
func parseWebListen(_ text: String) throws -> WebListenAddress { try WebListenAddress(parsing: text) }

/// `--name NAME`: the device's name in the API and on the LAN.
func parseDeviceName(_ text: String) throws -> String { try WebSetup.checkName(text) }

/// `--password-file FILE`: a path, not empty.
func parsePasswordFile(_ text: String) throws -> String {
    guard !text.isEmpty else { throw NetworkSetupProblem("give a file's path, as 'pixelwheel passwd --file FILE' wrote it") }
    return text
}

extension OptionError {
    /// Checks a frame rate given with `option` against `range`.
    static func checkFrameRate(_ fps: Int?, option: String = "--fps", in range: ClosedRange<Int>) throws {
        guard let fps, !range.contains(fps) else { return }
        throw OptionError.outOfRange(option: option, allowed: "\(range.lowerBound)...\(range.upperBound)", got: "\(fps)")
    }

    /// Checks `--supersample`: 1, 2, 4 or 8.
    static func checkSupersample(_ samples: Int) throws {
        guard Supersampling(rawValue: samples) == nil else { return }
        throw OptionError.outOfRange(option: "--supersample", allowed: "1, 2, 4 or 8", got: "\(samples)")
    }
}

import Testing
@testable import PixelConfig

/// A `[network]` table that listens beyond loopback must name its senders in `allow`: the file
/// is checked on its own, so `run --check` reports it with the line of `listen`.
extension NetworkTableTests {
    @Test func listeningOnEveryInterfaceWithoutAllowIsAProblemOnTheListenLine() {
        let found = problems("[app]\nfps = 30\n\n[network]\nprotocols = \"ddp\"\nlisten = \"0.0.0.0\"\n")
        #expect(found.count == 1)
        let line = found.first ?? ""
        #expect(line.hasPrefix("6 network.listen: listening on 0.0.0.0 would let any machine"), "\(line)")
        #expect(line.contains("allow = [\"CIDR\", ...] in [network]"), "names the key that fixes it: \(line)")
    }

    @Test func anEmptyAllowListIsNoAllowList() {
        let found = problems("[network]\nprotocols = \"e131\"\nlisten = \"192.168.1.20\"\nallow = []\n")
        #expect(found.map { String($0.prefix { $0 != ":" }) } == ["3 network.listen"])
    }

    @Test func anAllowListLoopbackOrNoProtocolIsNoProblem() {
        let allowed = problems("[network]\nprotocols = \"ddp\"\nlisten = \"0.0.0.0\"\nallow = \"10.0.0.0/8\"\n")
        let loopback = problems("[network]\nprotocols = \"ddp\"\nlisten = \"127.0.0.1\"\n")
        let off = problems("[network]\nlisten = \"0.0.0.0\"\n")
        #expect(allowed.isEmpty && loopback.isEmpty && off.isEmpty, "\(allowed) \(loopback) \(off)")
    }

    @Test func aBadAllowIsReportedOnceNotAgainAsExposure() {
        let found = problems("[network]\nprotocols = \"ddp\"\nlisten = \"0.0.0.0\"\nallow = \"10.0.0.0/33\"\n")
        #expect(found.map { String($0.prefix { $0 != ":" }) } == ["4 network.allow"])
    }
}

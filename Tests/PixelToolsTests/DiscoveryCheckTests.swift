import Testing
@testable import PixelTools

struct DiscoveryCheckTests {
    let expected = DiscoveryCheck.Expected(name: "Desk Wall", port: 80, serviceTypes: ["_wled._tcp", "_http._tcp"], mac: "02a1b2c3d4e5")
    let file = "<service-group>…</service-group>\n"

    /// avahi-browse's parsable, resolved lines, as it prints them for a name with a space.
    var browsed: [String: String] {
        [
            "_wled._tcp": "+;eth0;IPv4;Desk\\032Wall;_wled._tcp;local\n"
                + "=;eth0;IPv4;Desk\\032Wall;_wled._tcp;local;pi.local;192.168.1.20;80;\"mac=02a1b2c3d4e5\"\n",
            "_http._tcp": "=;eth0;IPv4;Desk\\032Wall;_http._tcp;local;pi.local;192.168.1.20;80;\n",
        ]
    }

    @Test func parsesResolvedLinesWithEscapesAndTXT() {
        let found = DiscoveryCheck.parse(browsed["_wled._tcp"]!)
        #expect(found.count == 1)
        #expect(found.first?.name == "Desk Wall")
        #expect(found.first?.address == "192.168.1.20")
        #expect(found.first?.port == 80)
        #expect(found.first?.txt == ["mac=02a1b2c3d4e5"])
        let two = DiscoveryCheck.parse("=;e;IPv4;a\\059b;_x._tcp;local;h;10.0.0.1;8080;\"k=v\" \"mac=1\"\n")
        #expect(two.first?.name == "a;b")
        #expect(two.first?.txt == ["k=v", "mac=1"])
        #expect(DiscoveryCheck.parse("=;short;line\ngarbage\n=;a;b;c;d;e;f;g;notaport;\n").isEmpty)
    }

    @Test func allFoundIsOK() {
        let check = DiscoveryCheck(expected: expected, configPath: "/etc/pixelwheel/pixelwheel.toml")
        let findings = check.findings(daemonInstalled: true, serviceFile: file, wanted: file, browsed: browsed)
        #expect(findings.allSatisfy { $0.level == .ok })
        #expect(findings.count == 3)
        #expect(findings[1].text.contains("with mac=02a1b2c3d4e5"))
    }

    @Test func aWrongMACOrPortIsAProblem() {
        let check = DiscoveryCheck(expected: expected, configPath: "c.toml")
        var other = browsed
        other["_wled._tcp"] = "=;eth0;IPv4;Desk\\032Wall;_wled._tcp;local;pi.local;192.168.1.20;80;\"mac=ffffffffffff\"\n"
        other["_http._tcp"] = "=;eth0;IPv4;Desk\\032Wall;_http._tcp;local;pi.local;192.168.1.20;8080;\n"
        let findings = check.findings(daemonInstalled: true, serviceFile: file, wanted: file, browsed: other)
        #expect(findings.filter { $0.level == .problem }.count == 2)
    }

    @Test func missingPiecesNameTheirFix() {
        let check = DiscoveryCheck(expected: expected, configPath: "c.toml")
        let noDaemon = check.findings(daemonInstalled: false, serviceFile: nil, wanted: file, browsed: nil)
        #expect(noDaemon.map(\.level) == [.problem])
        #expect(noDaemon.first?.fix == "sudo apt install avahi-daemon")
        let noFile = check.findings(daemonInstalled: true, serviceFile: nil, wanted: file, browsed: nil)
        #expect(noFile.first?.fix?.contains("pixelwheel announce --config c.toml") == true)
        let stale = check.findings(daemonInstalled: true, serviceFile: "old", wanted: file, browsed: nil)
        #expect(stale.first?.text.contains("out of date") == true)
        let noBrowser = check.findings(daemonInstalled: true, serviceFile: file, wanted: file, browsed: nil)
        #expect(noBrowser.map(\.level) == [.ok, .note])
    }

    @Test func nothingAnnouncedIsANoteUnlessAnOldFileLingers() {
        let check = DiscoveryCheck(expected: nil, whyNothing: "the page listens on 127.0.0.1 only", configPath: "c.toml")
        #expect(check.findings(daemonInstalled: true, serviceFile: nil, wanted: nil, browsed: nil).map(\.level) == [.note])
        #expect(check.findings(daemonInstalled: true, serviceFile: "x", wanted: nil, browsed: nil).map(\.level) == [.problem])
    }
}

import Testing
import PixelNetwork
@testable import PixelConfig

/// The `[web]` table: the flags' names and checks, each problem on its own line with its line
/// number, and the refusal to listen beyond loopback with nothing guarding control.
struct WebTableTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try ConfigurationLoader.parse(text, file: "/etc/pixelwheel/web.toml")
            return []
        } catch {
            return error.problems.map { "\($0.line) \($0.keyPath): \($0.message)" }
        }
    }

    @Test func everyKeyIsRead() throws {
        let text = """
            [web]
            listen = "0.0.0.0:8081"
            password_file = "web-password"
            view_without_password = true
            api = true
            api_allow = ["192.168.1.10/32", "10.0.0.0/8"]
            name = "Desk"
            """
        let web = try ConfigurationLoader.parse(text, file: "/etc/pixelwheel/web.toml").web
        #expect(web.isOn)
        #expect(web.host == "0.0.0.0")
        #expect(web.port == 8081)
        #expect(web.password == .file("/etc/pixelwheel/web-password"))
        #expect(web.viewWithoutPassword)
        #expect(web.api)
        #expect(web.apiAllow.map(\.description) == ["192.168.1.10/32", "10.0.0.0/8"])
        #expect(web.name == "Desk")
    }

    @Test func noTableLeavesThePageOffOnLoopback() throws {
        let web = try ConfigurationLoader.parse("").web
        #expect(!web.isOn)
        #expect(web.listenText == "127.0.0.1:8080")
        #expect(web.password == nil)
    }

    @Test func anEmptyTableServesOnLoopback() throws {
        let web = try ConfigurationLoader.parse("[web]\n").web
        #expect(web.isOn && web.isLoopback && web.port == 8080)
    }

    @Test func aPlainPasswordAndAnAbsoluteFileAreKeptAsWritten() throws {
        let plain = try ConfigurationLoader.parse("[web]\npassword = \"s3cret\"\n").web
        #expect(plain.password == .plain("s3cret"))
        let file = try ConfigurationLoader.parse("[web]\npassword_file = \"/var/lib/pw\"\n", file: "/etc/x.toml").web
        #expect(file.password == .file("/var/lib/pw"))
    }

    @Test func everyBadValueIsItsOwnProblemWithItsLine() {
        let text = """
            [web]
            listen = "8080"
            api = "yes"
            view_without_password = 1
            name = ""
            colour = "red"
            password = ""
            """
        let found = problems(text)
        #expect(found.count == 6)
        #expect(found.contains { $0.hasPrefix("2 web.listen: '8080' is not ADDR:PORT") })
        #expect(found.contains("3 web.api: must be true or false"))
        #expect(found.contains("4 web.view_without_password: must be true or false"))
        #expect(found.contains { $0.hasPrefix("5 web.name: must be 1...32 printable characters") })
        #expect(found.contains { $0.hasPrefix("6 web.colour: unknown key; [web] takes api, api_allow, listen") })
        #expect(found.contains { $0.hasPrefix("7 web.password: must be 1...256 bytes") })
    }

    @Test func passwordAndPasswordFileTogetherIsAProblem() {
        let found = problems("[web]\npassword = \"a\"\npassword_file = \"b\"\n")
        #expect(found == ["2 web.password: give password or password_file, not both (password_file is better)"])
    }

    @Test func anAllowListWithoutTheAPIIsAProblem() {
        let found = problems("[web]\napi_allow = [\"10.0.0.1\"]\n")
        #expect(found == ["2 web.api_allow: names who may use the JSON API, which is off; add api = true"])
    }

    @Test func listeningBeyondLoopbackNeedsAGuard() {
        let open = problems("[web]\nlisten = \"0.0.0.0:8080\"\n")
        #expect(open.count == 1)
        #expect(open.first?.hasPrefix("2 web.listen: listening on 0.0.0.0:8080 without a password would let anyone") == true)
        #expect(open.first?.contains("pixelwheel passwd") == true)
        let guarded = [
            "[web]\nlisten = \"0.0.0.0:8080\"\npassword_file = \"pw\"\n",
            "[web]\nlisten = \"0.0.0.0:8080\"\nview_without_password = true\n",
            "[web]\nlisten = \"0.0.0.0:8080\"\napi = true\napi_allow = [\"192.168.1.10\"]\n",
            "[web]\nlisten = \"[::1]:8080\"\n",
        ]
        for text in guarded { #expect(problems(text).isEmpty, "\(text)") }
    }

    @Test func theWebTableIsNamedAmongTheTables() {
        let found = problems("[webb]\n")
        #expect(found.first?.contains("network, ") == true && found.first?.contains("web") == true)
    }

    @Test func listenParsesTheFormsTheFlagTakes() throws {
        let v4 = try WebSetup.parseListen("192.168.1.20:80")
        #expect(v4.host == "192.168.1.20" && v4.port == 80)
        let v6 = try WebSetup.parseListen("[::1]:8080")
        #expect(v6.host == "::1" && v6.port == 8080)
        let portOnly = try WebSetup.parseListen(":0")
        #expect(portOnly.host == "127.0.0.1" && portOnly.port == 0)
        for bad in ["8080", "1.2.3.4:70000", "a b:1", "::1:80", "host:"] {
            #expect(throws: NetworkSetupProblem.self) { try WebSetup.parseListen(bad) }
        }
    }
}

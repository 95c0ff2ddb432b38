import PixelNetwork
import PixelSystem
import TOMLKit

/// The `[web]` table: the same names and checks as the web flags (through `WebSetup`), each
/// problem one line with the key's line number. A `[web]` table turns the page on for `run`.
///
/// ```toml
/// [web]
/// listen = "0.0.0.0:8080"                        # --listen
/// password_file = "/etc/pixelwheel/web-password" # --password-file (pixelwheel passwd writes it)
/// view_without_password = false
/// api = true                                     # --api
/// api_allow = ["192.168.1.10/32"]                # --api-allow, one entry or a list
/// name = "Desk"                                  # --name
/// ```
enum WebTable {
    /// The keys of `[web]`, for messages.
    static let keys = ["api", "api_allow", "listen", "name", "password", "password_file", "view_without_password"]
}

extension ConfigurationLoader.Checker {
    /// The `[web]` table as a `WebSetup`; off when there is none. Bad values are problems and
    /// leave the default in place.
    mutating func readWeb(_ table: TOMLTable) -> WebSetup {
        var setup = WebSetup()
        guard let web = subtable("web", in: table) else { return setup }
        setup.isOn = true
        for key in web.keys.sorted() {
            let item = web[key]!
            do throws(NetworkSetupProblem) {
                switch key {
                case "listen":
                    guard let text = item.string else { throw NetworkSetupProblem("must be ADDR:PORT in quotes, such as \"0.0.0.0:8080\"") }
                    (setup.host, setup.port) = try WebSetup.parseListen(text)
                case "password":
                    guard let text = item.string else { throw NetworkSetupProblem("must be text in quotes (better: password_file, see 'pixelwheel passwd')") }
                    setup.password = .plain(try WebSetup.checkPassword(text))
                case "password_file":
                    guard let text = item.string, !text.isEmpty else { throw NetworkSetupProblem("must be a file's path in quotes, such as \"/etc/pixelwheel/web-password\"") }
                    setup.password = .file(relativeToFile(text))
                case "view_without_password":
                    guard let flag = item.bool else { throw NetworkSetupProblem("must be true or false") }
                    setup.viewWithoutPassword = flag
                case "api":
                    guard let flag = item.bool else { throw NetworkSetupProblem("must be true or false") }
                    setup.api = flag
                case "api_allow": setup.apiAllow = try readAddressRanges(item)
                case "name":
                    guard let text = item.string else { throw NetworkSetupProblem("must be a name in quotes, such as \"Desk\"") }
                    setup.name = try WebSetup.checkName(text)
                default:
                    throw NetworkSetupProblem("unknown key; [web] takes " + WebTable.keys.joined(separator: ", "))
                }
            } catch {
                problem(locate.line(table: "web", key: key), "web.\(key)", error.description)
            }
        }
        if web["password"] != nil && web["password_file"] != nil {
            problem(locate.line(table: "web", key: "password"), "web.password", "give password or password_file, not both (password_file is better)")
        }
        if !setup.apiAllow.isEmpty && !setup.api {
            problem(locate.line(table: "web", key: "api_allow"), "web.api_allow", "names who may use the JSON API, which is off; add api = true")
        }
        do throws(NetworkSetupProblem) {
            try setup.checkExposure()
        } catch {
            problem(locate.line(table: "web", key: "listen"), "web.listen", error.description)
        }
        return setup
    }
}

extension ConfigurationLoader.Checker {
    /// `path` as written, or beside the configuration file when it is relative.
    func relativeToFile(_ path: String) -> String {
        guard !path.hasPrefix("/"), file.contains("/") else { return path }
        let directory = FileSystem.split(file).directory
        return (directory == "/" ? "" : directory) + "/" + path
    }
}

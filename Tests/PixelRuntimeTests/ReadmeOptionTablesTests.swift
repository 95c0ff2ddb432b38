import Foundation
import Testing
import PixelTestSupport

/// docs/commands.md (linked from the README's command table) has a section for every command
/// with a table of its options, and it stays true: each option the command shows in its help
/// has a row in its section, and no row names an option the command does not have. Defaults
/// the parser knows must appear in the row. A command without options (`doctor`, `list`) still
/// needs its section, with no option rows.
struct ReadmeOptionTablesTests {
    var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
    }

    /// The options `command` shows in its help, with the parser's default where it has one.
    func options(of command: String) throws -> [String: String?] {
        let words: [String] = command.split(separator: " ").map(String.init)
        let dump = try ChildProcess.run(binary, words + ["--experimental-dump-help"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
        let arguments = (json["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
        var found: [String: String?] = [:]
        for argument in arguments where argument["shouldDisplay"] as? Bool == true && argument["kind"] as? String != "positional" {
            guard let name = (argument["names"] as? [[String: Any]])?.last?["name"] as? String,
                  !["help", "version"].contains(name) else { continue }
            found[name] = argument["defaultValue"] as? String
        }
        return found
    }

    /// The rows of the option table in docs/commands.md under the heading that names
    /// `pixelwheel command`, up to the next heading.
    func rows(of command: String) throws -> [String: String] {
        let page = try String(contentsOfFile: RepositoryPaths.root() + "/docs/commands.md", encoding: .utf8)
        // Lines inside code blocks are blanked, so a TOML comment is never taken for a heading.
        var inCode = false
        let lines = page.components(separatedBy: "\n").map { line -> String in
            if line.hasPrefix("```") { inCode.toggle(); return "" }
            return inCode ? "" : line
        }
        let start = try #require(lines.firstIndex { $0.hasPrefix("#") && $0.contains("`pixelwheel \(command)") }, "no heading in docs/commands.md for \(command)")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.count
        var rows: [String: String] = [:]
        for line in lines[(start + 1)..<end] where line.hasPrefix("| `--") {
            let name = line.dropFirst(5).prefix { $0 != " " && $0 != "`" && $0 != "=" }
            rows[String(name)] = line
        }
        return rows
    }

    @Test(arguments: ["sim", "web", "run", "doctor", "render", "show", "decode", "list", "bench", "wiring", "config from-flags", "passwd", "announce"])
    func everyOptionHasARowWithItsDefault(command: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build pixelwheel first")
        let options = try options(of: command)
        let rows = try rows(of: command)
        #expect(Set(options.keys) == Set(rows.keys), "\(command): help has \(options.keys.sorted()), docs/commands.md \(rows.keys.sorted())")
        for (name, value) in options {
            guard let value, let row = rows[name] else { continue }
            let columns = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(columns.count > 1 && columns[1].contains(value), "\(command) --\(name): default \(value) not in '\(row)'")
        }
    }
}

/// Every relative link and image in README.md, docs/*.md, config/README.md and hardware/README.md
/// names a file or folder that exists, so moving a page or a picture cannot leave a link dangling.
struct DocumentationLinksTests {
    static let pages = ["README.md", "config/README.md", "hardware/README.md"] + {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.root() + "/docs")) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test func docsFolderHasPages() {
        #expect(Self.pages.contains("docs/commands.md"))
    }

    /// The README is the front door: what it is, the two commands, the Pi in six steps, streams
    /// and control in a paragraph each, the commands and the docs. Detail belongs in docs/.
    @Test func theReadmeStaysWithinItsBudgetOf250Lines() throws {
        let text = try String(contentsOfFile: RepositoryPaths.root() + "/README.md", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
        #expect(lines <= 250, "README.md has \(lines) lines, over its budget of 250: move the detail into a page of docs/")
    }

    @Test(arguments: pages)
    func relativeLinksResolve(page: String) throws {
        let root = RepositoryPaths.root()
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        let folder = URL(fileURLWithPath: root + "/" + page).deletingLastPathComponent()
        // `](target)` outside code blocks and code spans; the target ends at `)`, a space or `#`.
        var inCode = false
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.drop(while: { $0 == " " }).hasPrefix("```") { inCode.toggle(); continue }
            if inCode { continue }
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let target = rest[open.upperBound...].prefix { $0 != ")" && $0 != " " && $0 != "#" }
                rest = rest[open.upperBound...]
                if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") { continue }
                let path = folder.appendingPathComponent(String(target)).standardized.path
                #expect(FileManager.default.fileExists(atPath: path), "\(page):\(number + 1): \(target) does not exist")
            }
        }
    }
}

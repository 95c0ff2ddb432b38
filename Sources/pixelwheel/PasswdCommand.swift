import ArgumentParser
import PixelRuntime
import PixelSystem

struct PasswdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passwd",
        abstract: "Set the password the page and the JSON API ask for: its hash goes to a file only its owner can read.",
        discussion: """
            On a terminal it asks twice, without echo; otherwise it reads one line from standard \
            input (for scripts: printf '%s\\n' "$PASSWORD" | pixelwheel passwd --file FILE). The \
            file holds a yescrypt hash from the system's libcrypt, as /etc/shadow does, written \
            atomically with mode 0600. Point password_file in [web] (or --password-file) at it; \
            a running pixelwheel reads it when it starts.
            """)

    @Option(name: .long, help: ArgumentHelp("The password file (default: \(PasswordFile.standardPath)).", valueName: "PATH"))
    var file: String = PasswordFile.standardPath

    func run() throws {
        guard let password = SecretInput.readLine(prompt: "New password: ") else {
            throw OptionError.unavailable("no password given: type one, or pipe one line into pixelwheel passwd")
        }
        guard !password.isEmpty else { throw OptionError.unavailable("the password is empty; give at least one character (a long phrase is best)") }
        if SecretInput.inputIsTerminal {
            guard SecretInput.readLine(prompt: "Again: ") == password else {
                throw OptionError.unavailable("the two passwords differ; nothing was written — run pixelwheel passwd again")
            }
        }
        try PasswordFile.write(password: password, to: file)
        print("wrote the password's hash to \(file) (mode 0600); set password_file = \"\(file)\" in [web], or pass --password-file \(file)")
    }
}

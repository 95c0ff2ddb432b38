import Foundation
import PixelTestSupport

/// The Python that runs the end-to-end tests' senders (scripts/send-network-stream.py), with
/// PyPI's `sacn` installed in a virtual environment of its own under the temporary folder (made
/// once, by pip). Nil, with the reason, when there is no Python or pip cannot install `sacn`.
enum NetworkPeerPython {
    /// The interpreter to run the sender with, or why there is none.
    static let interpreter: Result<String, PeerUnavailable> = find()

    /// Whether a sender can run here.
    static var isAvailable: Bool { (try? interpreter.get()) != nil }

    /// Why the peer tests cannot run.
    struct PeerUnavailable: Error, CustomStringConvertible {
        let description: String
    }

    private static func find() -> Result<String, PeerUnavailable> {
        let folder = NSTemporaryDirectory() + "pixelwheel-network-peers"
        let python = folder + "/bin/python"
        if has(python, module: "sacn") { return .success(python) }
        guard let system = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(PeerUnavailable(description: "no python3 on this machine: the network peer tests need one"))
        }
        let made = try? ChildProcess.run(system, ["-m", "venv", folder])
        guard made?.status == 0 else {
            return .failure(PeerUnavailable(description: "python3 -m venv failed (\(made?.errors ?? "")); install python3-venv"))
        }
        let installed = try? ChildProcess.run(folder + "/bin/pip", ["install", "--quiet", "sacn"])
        guard installed?.status == 0, has(python, module: "sacn") else {
            return .failure(PeerUnavailable(description: "pip could not install sacn from PyPI (\(installed?.errors ?? "")); the E1.31 peer test needs it"))
        }
        return .success(python)
    }

    private static func has(_ python: String, module: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? ChildProcess.run(python, ["-c", "import " + module]))?.status == 0
    }
}

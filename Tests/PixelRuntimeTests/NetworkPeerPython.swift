import Foundation
import PixelTestSupport

/// The Pythons that run the end-to-end tests' senders, each with a PyPI peer installed in a
/// virtual environment of its own under the temporary folder (made once, by pip): `sacn` for
/// scripts/peers/send-network-stream.py, LedFx for scripts/peers/send-with-ledfx.py, `flaschen-taschen-py`
/// for scripts/peers/send-with-ft-client.py, `opclib` for scripts/peers/send-with-opc-client.py,
/// `python-led-ddp` for scripts/peers/receive-network-stream.py's DDP. A failure, with the reason,
/// when there is no Python or pip cannot install the package.
enum NetworkPeerPython {
    /// The interpreter with `sacn`, or why there is none.
    static let interpreter: Result<String, PeerUnavailable> = find(folder: "pixelwheel-network-peers", package: "sacn", module: "sacn")
    /// The interpreter with LedFx (about 70 packages, NumPy among them), or why there is none.
    static let ledFx: Result<String, PeerUnavailable> = find(folder: "pixelwheel-ledfx-peer", package: "ledfx", module: "ledfx.devices.ddp")

    /// The interpreter with `flaschen-taschen-py`, a port of Flaschen-Taschen's client library.
    static let flaschenTaschen: Result<String, PeerUnavailable> = find(folder: "pixelwheel-ft-peer", package: "flaschen-taschen-py",
                                                                       module: "flaschen_taschen")

    /// The interpreter with `opclib`, whose `opc.Client` is Fadecandy's Python client for OPC over TCP.
    static let openPixelControl: Result<String, PeerUnavailable> = find(folder: "pixelwheel-opc-peer", package: "opclib", module: "opclib.opc")

    /// The interpreter with `python-led-ddp`, whose packet parser reads what a `ddp` panel sends.
    static let ddpParser: Result<String, PeerUnavailable> = find(folder: "pixelwheel-ddp-peer", package: "python-led-ddp", module: "ddp.packet")

    /// Whether the `sacn` sender can run here.
    static var isAvailable: Bool { (try? interpreter.get()) != nil }
    /// Whether the LedFx sender can run here.
    static var hasLedFx: Bool { (try? ledFx.get()) != nil }
    /// Whether the Flaschen-Taschen client can run here.
    static var hasFlaschenTaschen: Bool { (try? flaschenTaschen.get()) != nil }
    /// Whether `python-led-ddp`'s parser can run here.
    static var hasDDPParser: Bool { (try? ddpParser.get()) != nil }
    /// Whether Fadecandy's OPC client can run here.
    static var hasOpenPixelControl: Bool { (try? openPixelControl.get()) != nil }

    /// Why the peer tests cannot run.
    struct PeerUnavailable: Error, CustomStringConvertible {
        let description: String
    }

    private static func find(folder name: String, package: String, module: String) -> Result<String, PeerUnavailable> {
        let folder = NSTemporaryDirectory() + name
        let python = folder + "/bin/python"
        if has(python, module: module) { return .success(python) }
        guard let system = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(PeerUnavailable(description: "no python3 on this machine: the network peer tests need one"))
        }
        let made = try? ChildProcess.run(system, ["-m", "venv", folder])
        guard made?.status == 0 else {
            return .failure(PeerUnavailable(description: "python3 -m venv failed (\(made?.errors ?? "")); install python3-venv"))
        }
        let installed = try? ChildProcess.run(folder + "/bin/pip", ["install", "--quiet", package])
        guard installed?.status == 0, has(python, module: module) else {
            return .failure(PeerUnavailable(description: "pip could not install \(package) from PyPI (\(installed?.errors ?? "")); its peer tests need it"))
        }
        return .success(python)
    }

    private static func has(_ python: String, module: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        return (try? ChildProcess.run(python, ["-c", "import " + module]))?.status == 0
    }
}

import PixelNetwork
import PixelSystem
import Testing

/// The network ports through the system-call seam: the exact calls, and each failure as one
/// line naming the fix, with no socket made.
struct NetworkPortTests {
    static let endpoint = NetworkEndpoint(dotted: "127.0.0.1", port: 5568)!

    @Test func aPortInUseNamesTheFlagThatMovesIt() throws {
        let recorder = SystemCallRecorder()
        recorder.succeed(returning: 42, when: { if case .socket = $0 { true } else { false } })
        recorder.succeed(when: { if case .setSocketOption = $0 { true } else { false } })
        recorder.fail(errno: ErrorNumber.addressInUse, when: { if case .bind = $0 { true } else { false } })
        recorder.succeed(when: { if case .close = $0 { true } else { false } })
        let error = SystemCallRecorder.$current.withValue(recorder) { () -> NetworkPortError? in
            do {
                _ = try UDPSocket(binding: Self.endpoint, for: .e131)
                return nil
            } catch let error as NetworkPortError {
                return error
            } catch {
                return nil
            }
        }
        #expect(error?.description == "E1.31 port 127.0.0.1:5568 is already bound by another program; pick another with --network-port e131=PORT")
        #expect(recorder.calls.contains(.bind(fd: 42, address: 0x7F00_0001, port: 5568)))
        #expect(recorder.calls.contains(.close(fd: 42)), "the socket is closed on the way out")
    }

    @Test func anAddressNotOfThisMachineSaysWhichToGive() {
        let error = NetworkPortError.binding(.ddp, NetworkEndpoint(dotted: "10.9.9.9", port: 4048)!, errno: ErrorNumber.addressNotAvailable)
        #expect(error.description.hasPrefix("--network-listen 10.9.9.9 is not an address of this machine"))
    }

    @Test func aRealSocketReceivesADatagramWithItsSender() throws {
        let receiver = try UDPSocket(binding: NetworkEndpoint(dotted: "127.0.0.1", port: 0)!, for: .ddp)
        #expect(receiver.receive(maximum: 4).isEmpty, "non-blocking: nothing waits")
    }
}

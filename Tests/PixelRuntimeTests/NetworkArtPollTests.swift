import Foundation
import PixelTestSupport
import Testing

/// ArtPoll answered as a controller on another machine needs it (scripts/test/test-artpoll.sh):
/// across two network namespaces, listening on 0.0.0.0 and on the link's address alone, a poll
/// unicast, to the subnet's broadcast and to 255.255.255.255 each gets one ArtPollReply from
/// the node's address, its IP Address and BindIp fields that address (before, 0.0.0.0 on every
/// address, and no reply to a broadcast on one). Skipped (the script's 77) without root or `ip netns`.
struct NetworkArtPollTests {
    @Test(.timeLimit(.minutes(2)))
    func everyPollIsAnsweredWithTheNodesOwnAddress() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pixelwheel").path
        let result = try ChildProcess.run(RepositoryPaths.root() + "/scripts/test/test-artpoll.sh", [binary])
        if result.status == 77 {
            print("NetworkArtPollTests skipped: " + result.output)
            return
        }
        #expect(result.status == 0, "\(result.output)\(result.errors)")
        #expect(result.output.contains("artpoll: passed"), "\(result.output)")
    }
}

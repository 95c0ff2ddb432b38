import Testing
@testable import PixelWeb

struct DiscoveryAnnouncementTests {
    @Test func loopbackAndAPickedPortAnnounceNothing() {
        let loopback = DiscoveryAnnouncement.plan(host: "127.0.0.1", port: 8080, isLoopback: true, api: true, apiOpenToAllowList: true, name: "P")
        #expect(throws: DiscoveryAnnouncement.NothingAnnounced.self) { try loopback.get() }
        let picked = DiscoveryAnnouncement.plan(host: "0.0.0.0", port: 0, isLoopback: false, api: true, apiOpenToAllowList: true, name: "P")
        #expect(throws: DiscoveryAnnouncement.NothingAnnounced.self) { try picked.get() }
    }

    @Test func wledOnlyWhenTheAPIIsOpenToAnAllowList() throws {
        let page = try DiscoveryAnnouncement.plan(host: "0.0.0.0", port: 8080, isLoopback: false, api: true, apiOpenToAllowList: false, name: "P").get()
        #expect(page.serviceTypes == ["_http._tcp"])
        #expect(!page.serviceFile.contains("_wled._tcp"))
        let both = try DiscoveryAnnouncement.plan(host: "0.0.0.0", port: 80, isLoopback: false, api: true, apiOpenToAllowList: true, name: "Desk").get()
        #expect(both.serviceTypes == ["_wled._tcp", "_http._tcp"])
        #expect(both.mac == WLEDIdentity.mac(forName: "Desk"))
        #expect(both.serviceFile.contains("<txt-record>mac=\(both.mac)</txt-record>"))
        #expect(both.serviceFile.contains("<port>80</port>"))
    }

    @Test func theNameIsEscapedForXML() throws {
        let plan = try DiscoveryAnnouncement.plan(host: "0.0.0.0", port: 80, isLoopback: false, api: false, apiOpenToAllowList: false,
                                                  name: "<Tom & Jo's>").get()
        #expect(plan.serviceFile.contains("<name>&lt;Tom &amp; Jo&apos;s&gt;</name>"))
    }
}

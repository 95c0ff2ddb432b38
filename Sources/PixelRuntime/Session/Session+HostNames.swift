import PixelConfig
import PixelPanels

extension Session {
    /// `setup` with every sending panel's host name (`host=wall-left.local`) resolved once,
    /// at start, by `resolve` (nil: no IPv4 address for it); a name without one stops the run
    /// with one line naming the fix.
    static func resolvingHostNames(_ setup: Setup, resolve: (String) -> UInt32?) throws -> Setup {
        var resolved = setup
        for index in resolved.panels.indices {
            let description = resolved.panels[index].description
            resolved.panels[index].description = try description.resolvingHostNames(resolve) { name in
                RuntimeError.unusable("panel \(description.type) host=\(name): no IPv4 address found for this name; "
                    + "give the receiver's dotted address (host=192.168.1.50), or make the name resolve (DNS, mDNS or /etc/hosts)")
            }
        }
        return resolved
    }
}

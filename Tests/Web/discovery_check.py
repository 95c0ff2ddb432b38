"""Browses the LAN for a PixelWheel with python-zeroconf, an mDNS client independent of
avahi, as Home Assistant's discovery does: finds `_wled._tcp` and `_http._tcp` named NAME,
checks the TXT record's `mac=` and then asks the address and port found for /json/info,
whose `mac` must be the same.

Usage: discovery_check.py INTERFACE_ADDRESS NAME [SECONDS]
Run inside the browsing network namespace made by scripts/test/test-discovery.sh. Prints one line
per finding; exits 0 when everything was found, 1 otherwise.
"""
import json
import sys
import time
import urllib.request

from zeroconf import IPVersion, ServiceBrowser, ServiceListener, Zeroconf


class Collector(ServiceListener):
    def __init__(self):
        self.found = {}

    def add_service(self, zc, service_type, name):
        info = zc.get_service_info(service_type, name, timeout=3000)
        if info is not None:
            self.found[(service_type, name)] = info

    def update_service(self, zc, service_type, name):
        self.add_service(zc, service_type, name)

    def remove_service(self, zc, service_type, name):
        self.found.pop((service_type, name), None)


def main():
    interface, name = sys.argv[1], sys.argv[2]
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 20
    types = ["_wled._tcp.local.", "_http._tcp.local."]
    zc = Zeroconf(interfaces=[interface], ip_version=IPVersion.V4Only)
    collector = Collector()
    browsers = [ServiceBrowser(zc, t, collector) for t in types]
    wanted = {(t, f"{name}.{t}") for t in types}
    deadline = time.monotonic() + seconds
    while not wanted <= set(collector.found) and time.monotonic() < deadline:
        time.sleep(0.1)
    for browser in browsers:
        browser.cancel()
    found = dict(collector.found)
    zc.close()

    failures = 0
    for key in sorted(wanted):
        info = found.get(key)
        if info is None:
            print(f"discovery: FAIL {key[1]} not found in {seconds:.0f} s")
            failures += 1
            continue
        print(f"discovery: found {key[1]} at {info.parsed_addresses()} port {info.port} txt {info.properties}")
    wled = found.get(("_wled._tcp.local.", f"{name}._wled._tcp.local."))
    if wled is not None:
        mac = (wled.properties.get(b"mac") or b"").decode()
        address = [a for a in wled.parsed_addresses() if ":" not in a][0]
        with urllib.request.urlopen(f"http://{address}:{wled.port}/json/info", timeout=10) as reply:
            info = json.load(reply)
        if len(mac) == 12 and info.get("mac") == mac:
            print(f"discovery: /json/info at {address}:{wled.port} has mac {mac}, as announced")
        else:
            print(f"discovery: FAIL announced mac {mac!r}, /json/info says {info.get('mac')!r}")
            failures += 1
    print("discovery: passed" if failures == 0 else f"discovery: {failures} failure(s)")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

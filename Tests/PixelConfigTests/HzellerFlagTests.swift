import Testing
import PixelPanels
@testable import PixelConfig

/// hzeller's `--led-*` flags translated to HUB75 keys, flag by flag, and every refusal's line.
struct HzellerFlagTests {
    func keys(_ words: String...) throws -> [String: String] {
        try HzellerFlag.translate(words).values
    }

    func refusal(_ words: [String], keys: Set<String> = HzellerFlag.hub75Keys) -> String? {
        do {
            _ = try HzellerFlag.translate(words, keys: keys)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [
        ("--led-rows=64", "rows", "64"), ("--led-cols=128", "cols", "128"), ("--led-chain=3", "chain", "3"),
        ("--led-parallel=2", "parallel", "2"), ("--led-pwm-bits=7", "pwm-bits", "7"), ("--led-brightness=40", "brightness", "40"),
        ("--led-pwm-lsb-nanoseconds=50", "pwm-lsb-ns", "50"), ("--led-rgb-sequence=BGR", "rgb-sequence", "bgr"),
        ("--led-gpio-mapping=regular", "wiring", "regular"), ("--led-gpio-mapping=adafruit-hat", "wiring", "adafruit-hat"),
        ("--led-gpio-mapping=adafruit-hat-pwm", "wiring", "adafruit-hat-pwm"),
        ("--led-panel-type=FM6126A", "driver", "fm6126a"), ("--led-panel-type=fm6127", "driver", "fm6127"),
        ("--led-panel-type=", "driver", "plain"), ("--led-multiplexing=0", "multiplexing", "none"),
        ("--led-multiplexing=1", "multiplexing", "Stripe"), ("--led-multiplexing=22", "multiplexing", "P4Outdoor80x40Mapper"),
        ("--led-inverse", "inverse", "true"), ("--led-no-inverse", "inverse", "false"),
        ("--led-rows= 32", "rows", "32"), ("--led-rows=+16", "rows", "16"),
    ])
    func eachValueFlagBecomesItsKey(flag: String, key: String, value: String) throws {
        #expect(try keys(flag) == [key: value])
    }

    @Test(arguments: Array(zip(0...5, ["direct", "ab-shift", "row-select", "abc-shift", "sm5266", "b707"])))
    func rowAddressTypesAreNumberedAsHzellersAre(number: Int, name: String) throws {
        #expect(try keys("--led-row-addr-type=\(number)") == ["row-address": name])
    }

    @Test func everyMultiplexingNumberNamesPixelWheelsSchemeOfThatNumber() throws {
        for scheme in HUB75Multiplexing.all {
            #expect(try keys("--led-multiplexing=\(scheme.number)") == ["multiplexing": scheme.name])
        }
    }

    @Test func bothFormsOfAValueFlagAgree() throws {
        #expect(try keys("--led-rows", "64", "--led-gpio-mapping", "adafruit-hat") == keys("--led-rows=64", "--led-gpio-mapping=adafruit-hat"))
    }

    @Test func theLastOfARepeatedFlagWinsAsInHzellersLibrary() throws {
        let translation = try HzellerFlag.translate(["--led-rows=16", "--led-cols=64", "--led-rows=32"])
        #expect(translation.keys.map(\.key) == ["rows", "cols"] && translation.values["rows"] == "32")
    }

    @Test(arguments: [
        ("Rotate:90", "90", "none"), ("Rotate:180", "180", "none"), ("Rotate:-90", "270", "none"), ("rotate:450", "90", "none"),
        ("Mirror:H", "0", "x"), ("Mirror:V", "0", "y"), ("Mirror", "0", "x"), ("", "0", "none"),
        ("Rotate:90;Mirror:H", "90", "y"), ("Mirror:H;Rotate:90", "90", "x"), ("Mirror:H;Mirror:V", "180", "none"),
        ("Rotate:90;;Rotate:90", "180", "none"),
    ])
    func pixelMappersBecomeTheMounting(mapper: String, rotate: String, mirror: String) throws {
        #expect(try keys("--led-pixel-mapper=\(mapper)") == ["rotate": rotate, "mirror": mirror])
    }

    /// hzeller's chain, composed point by point as its MapVisibleToMatrix calls go, lands every
    /// LED where the translated mounting puts it, on boards of several shapes.
    @Test func aMapperChainAndItsMountingPlaceEveryLEDAlike() throws {
        let chains: [[HzellerPixelMapper.Step]] = [
            [.rotate(90)], [.rotate(270), .mirror(horizontal: false)], [.mirror(horizontal: true), .rotate(180), .rotate(90)],
        ]
        for chain in chains {
            let mounting = try #require(HzellerPixelMapper.mounting(of: chain))
            for (width, height) in [(64, 32), (5, 7), (4, 4)] {
                var sizes = [(width, height)]
                for step in chain { sizes.append(step.visibleSize(width: sizes.last!.0, height: sizes.last!.1)) }
                let picture = sizes.last!
                for y in 0..<picture.1 {
                    for x in 0..<picture.0 {
                        var point = (x: x, y: y)
                        for index in stride(from: chain.count - 1, through: 0, by: -1) {
                            point = chain[index].matrixPoint(x: point.x, y: point.y, width: sizes[index].0, height: sizes[index].1)
                        }
                        let got = mounting.boardPosition(x: x, y: y, width: picture.0, height: picture.1)
                        #expect(got.x == point.x && got.y == point.y, "\(chain) on \(width)x\(height) at \(x),\(y)")
                    }
                }
            }
        }
    }

    @Test func flagsThatAskForWhatPixelWheelDoesAreAcceptedWithANote() throws {
        let translation = try HzellerFlag.translate(["--led-no-hardware-pulse", "--led-scan-mode=0"])
        #expect(translation.keys.isEmpty && translation.notes.count == 2)
        #expect(translation.notes[0].hasPrefix("--led-no-hardware-pulse: ") && translation.notes[0].hasSuffix("nothing to set"))
    }

    @Test func showRefreshIsRunsOptionNotAPanelKey() throws {
        #expect(try HzellerFlag.translate(["--led-show-refresh"]).showRefresh == true)
        #expect(try HzellerFlag.translate(["--led-no-show-refresh"]).showRefresh == false)
        #expect(try HzellerFlag.translate(["--led-show-refresh"]).keys.isEmpty)
    }

    @Test func ditherAndRefreshLimitAreTranslatedNowTheParserHasThem() throws {
        #expect(HzellerFlag.hub75Keys.isSuperset(of: ["pwm-dither-bits", "limit-refresh"]))
        let translation = try HzellerFlag.translate(["--led-pwm-dither-bits=2", "--led-limit-refresh=120"])
        #expect(translation.values["pwm-dither-bits"] == "2" && translation.values["limit-refresh"] == "120")
    }

    @Test func keysPixelWheelLacksAreRefusedUntilTheParserHasThem() throws {
        for (flag, key) in [("--led-pwm-dither-bits=1", "pwm-dither-bits"), ("--led-limit-refresh=120", "limit-refresh"), ("--led-slowdown-gpio=2", "slowdown")] {
            #expect(refusal([flag], keys: []) == "\(flag): PixelWheel has no \(key)= key yet (not supported yet); leave the flag out")
            let translation = try HzellerFlag.translate([flag], keys: [key])
            #expect(translation.values[key] == String(flag.split(separator: "=")[1]))
        }
    }

    @Test(arguments: [
        (["-D0"], "-D0: not one of hzeller's --led-* flags; give only --led-… flags here"),
        (["--led-rowz=3"], "--led-rowz: hzeller's library has no such flag (a typo?); docs/panels.md lists the ones PixelWheel reads"),
        (["--led-no-rows"], "--led-no-rows: hzeller's library has no such flag (a typo?); docs/panels.md lists the ones PixelWheel reads"),
        (["--led-rows"], "--led-rows: needs a value, e.g. --led-rows=VALUE"),
        (["--led-rows=x"], "--led-rows=x: needs a whole number (got 'x')"),
        (["--led-inverse=1"], "--led-inverse=1: takes no value; write --led-inverse or --led-no-inverse"),
        (["--led-multiplexing=23"], "--led-multiplexing=23: must be 0 (none) to 22; pixelwheel list names each scheme"),
        (["--led-row-addr-type=6"], "--led-row-addr-type=6: must be one of 0, 1, 2, 3, 4, 5"),
        (["--led-gpio-mapping=classic"],
         "--led-gpio-mapping=classic: PixelWheel has no wiring= for it (not supported yet); use one of regular, adafruit-hat, adafruit-hat-pwm"),
        (["--led-gpio-mapping=hat"], "--led-gpio-mapping=hat: must be one of regular, adafruit-hat, adafruit-hat-pwm"),
        (["--led-panel-type=FM6128"], "--led-panel-type=FM6128: must be one of fm6126a, fm6126, fm6127"),
        (["--led-scan-mode=1"], "--led-scan-mode=1: PixelWheel scans progressively only (no interlaced scan); leave the flag out or give 0"),
        (["--led-hardware-pulse"],
         "--led-hardware-pulse: PixelWheel times the output enable itself and has no hardware pulse; leave the flag out"),
        (["--led-busy-waiting"],
         "--led-busy-waiting: PixelWheel has no busy-waiting switch (it sleeps between bit planes); leave the flag out"),
        (["--led-swap-green-blue"], "--led-swap-green-blue: an old spelling hzeller keeps for a while; give --led-rgb-sequence=RBG instead"),
        (["--led-rp1-rio=0"], "--led-rp1-rio=0: PixelWheel has no RP1 PIO path; leave the flag out, and a Pi 5 is driven through RIO"),
        (["--led-daemon"],
         "--led-daemon: PixelWheel does not fork; run it as a systemd service (config/pixelwheel.service) and leave the flag out"),
        (["--led-pixel-mapper=V-mapper"],
         "--led-pixel-mapper: PixelWheel lays a HUB75 chain out in one row and has no V-mapper (not supported yet); "
            + "mount the panels in one row (chain=N makes it N panels wide) and leave the mapper out"),
        (["--led-pixel-mapper=Rotate:45"], "--led-pixel-mapper: Rotate turns by multiples of 90 degrees (got 45)"),
        (["--led-pixel-mapper=Rotate:x"], "--led-pixel-mapper: Rotate takes degrees, e.g. Rotate:90 (got 'x')"),
        (["--led-pixel-mapper=Mirror:D"], "--led-pixel-mapper: Mirror takes H or V, e.g. Mirror:H (got 'D')"),
        (["--led-pixel-mapper=:90"], "--led-pixel-mapper: ':90' has no mapper name; write e.g. Rotate:90"),
        (["--led-pixel-mapper=Spin:3"], "--led-pixel-mapper: hzeller's library has no mapper 'Spin'; PixelWheel takes Rotate and Mirror"),
    ])
    func eachRefusalIsOneLineThatSaysWhatToDo(words: [String], message: String) {
        #expect(refusal(words) == message)
        #expect(!message.contains("\n"))
    }

    @Test func everyRefusedRowOfTheTableIsRefusedInBothForms() {
        for flag in HzellerFlag.all {
            guard case .refused = flag.translation else { continue }
            let words = flag.form == .boolean ? ["--led-\(flag.name)"] : ["--led-\(flag.name)=1"]
            #expect(refusal(words)?.hasPrefix(words[0] + ": ") == true, "\(flag.name)")
            if flag.form == .boolean {
                #expect(refusal(["--led-no-\(flag.name)"])?.hasPrefix("--led-no-\(flag.name): ") == true, "\(flag.name)")
            }
        }
    }

    @Test func theTableHasEveryFlagTheIssueNames() {
        let names = ["rows", "cols", "chain", "parallel", "gpio-mapping", "multiplexing", "row-addr-type", "pwm-bits", "pwm-lsb-nanoseconds",
                     "pwm-dither-bits", "brightness", "panel-type", "rgb-sequence", "slowdown-gpio", "limit-refresh", "inverse",
                     "show-refresh", "pixel-mapper"]
        for name in names { #expect(HzellerFlag.named(name) != nil, "\(name)") }
    }
}

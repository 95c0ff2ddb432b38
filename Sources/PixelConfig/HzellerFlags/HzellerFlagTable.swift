extension HzellerFlag {
    /// Every flag of hzeller's library (lib/options-initialize.cc, `FlagInit`), in the order
    /// its `--led-help` lists them, with its PixelWheel translation. A flag not in this table
    /// is refused as unknown; a row with `.refused` says why and what to do.
    public static let all: [HzellerFlag] = [
        HzellerFlag("gpio-mapping", .value, .choice("wiring", values: wirings, unsupported: unsupportedWirings),
                    "the board's pin mapping"),
        HzellerFlag("rows", .value, .number("rows"), "rows of one panel"),
        HzellerFlag("cols", .value, .number("cols"), "columns of one panel"),
        HzellerFlag("chain", .value, .number("chain"), "panels daisy-chained on one connector"),
        HzellerFlag("parallel", .value, .number("parallel"), "chains driven side by side"),
        HzellerFlag("multiplexing", .value, .multiplexing, "an outdoor panel's scheme, 0 = none"),
        HzellerFlag("pixel-mapper", .value, .pixelMapper, "mappers such as Rotate:90;Mirror:H"),
        HzellerFlag("pwm-bits", .value, .number("pwm-bits"), "bit planes per colour"),
        HzellerFlag("brightness", .value, .number("brightness"), "brightness in percent"),
        HzellerFlag("scan-mode", .value,
                    .alreadySo(accepted: "0", note: "progressive scanning is what PixelWheel always does",
                               refusal: "PixelWheel scans progressively only (no interlaced scan); leave the flag out or give 0"),
                    "0 progressive, 1 interlaced"),
        HzellerFlag("row-addr-type", .value, .choice("row-address", values: rowAddressTypes, unsupported: []),
                    "how rows are addressed, 0...5"),
        HzellerFlag("show-refresh", .boolean, .runOption("--show-refresh"), "print the refresh rate"),
        HzellerFlag("limit-refresh", .value, .newNumber("limit-refresh"), "a steady refresh rate in Hz, 0 = no limit"),
        HzellerFlag("inverse", .boolean, .toggle("inverse"), "colour lines active low"),
        HzellerFlag("rgb-sequence", .value, .lowercased("rgb-sequence"), "colour lines swapped, e.g. RBG"),
        HzellerFlag("pwm-lsb-nanoseconds", .value, .number("pwm-lsb-ns"), "on-time of the lowest bit plane, ns"),
        HzellerFlag("pwm-dither-bits", .value, .newNumber("pwm-dither-bits"), "temporal dithering of the lowest planes, 0...2"),
        HzellerFlag("hardware-pulse", .boolean,
                    .alreadySo(accepted: "false", note: "PixelWheel times the output enable itself and never uses the PWM hardware",
                               refusal: "PixelWheel times the output enable itself and has no hardware pulse; leave the flag out"),
                    "the PWM hardware times the output enable"),
        HzellerFlag("panel-type", .value, .choice("driver", values: panelTypes, unsupported: []),
                    "driver chips to initialise: FM6126A, FM6127"),
        HzellerFlag("busy-waiting", .boolean,
                    .refused("PixelWheel has no busy-waiting switch (it sleeps between bit planes); leave the flag out"),
                    "busy-wait when limiting the refresh rate"),
        HzellerFlag("swap-green-blue", .boolean,
                    .refused("an old spelling hzeller keeps for a while; give --led-rgb-sequence=RBG instead"),
                    "swap the green and blue lines"),
        HzellerFlag("slowdown-gpio", .value, .newNumber("slowdown"), "repeat writes for slow panels"),
        HzellerFlag("rp1-rio", .value,
                    .alreadySo(accepted: "1", note: "PixelWheel drives a Pi 5 through RP1's RIO registers (run --gpio-backend auto or rp1)",
                               refusal: "PixelWheel has no RP1 PIO path; leave the flag out, and a Pi 5 is driven through RIO"),
                    "Pi 5: RIO instead of PIO"),
        HzellerFlag("daemon", .boolean,
                    .refused("PixelWheel does not fork; run it as a systemd service (config/pixelwheel.service) and leave the flag out"),
                    "run in the background"),
        HzellerFlag("drop-privs", .boolean,
                    .refused("PixelWheel runs as an ordinary user in the gpio group (pixelwheel doctor checks), so it has no root to drop; leave the flag out"),
                    "drop root after start-up"),
        HzellerFlag("drop-priv-user", .value,
                    .refused("PixelWheel needs no root; run it as that user (User= in config/pixelwheel.service) and leave the flag out"),
                    "user to drop root to"),
        HzellerFlag("drop-priv-group", .value,
                    .refused("PixelWheel needs no root; run it in that group (Group= in config/pixelwheel.service) and leave the flag out"),
                    "group to drop root to"),
        HzellerFlag("help", .boolean,
                    .refused("PixelWheel's own help is pixelwheel --help; the --led-* flags it reads are in docs/panels.md"),
                    "print the flags"),
    ]

    /// hzeller's mapping names and PixelWheel's wirings of the same pins.
    static let wirings: [(hzeller: String, pixelWheel: String)] = [
        ("regular", "regular"), ("adafruit-hat", "adafruit-hat"), ("adafruit-hat-pwm", "adafruit-hat-pwm"),
    ]

    /// hzeller's other mappings (lib/hardware-mapping.c), which PixelWheel has no wiring for.
    static let unsupportedWirings = ["regular-pi1", "classic", "classic-pi1", "compute-module"]

    /// `--led-row-addr-type` numbers (lib/framebuffer.cc) and PixelWheel's `row-address=` names.
    static let rowAddressTypes: [(hzeller: String, pixelWheel: String)] = [
        ("0", "direct"), ("1", "ab-shift"), ("2", "row-select"), ("3", "abc-shift"), ("4", "sm5266"), ("5", "b707"),
    ]

    /// `--led-panel-type` names (compared case-blind, as hzeller does) and PixelWheel's `driver=`.
    static let panelTypes: [(hzeller: String, pixelWheel: String)] = [
        ("", "plain"), ("fm6126a", "fm6126a"), ("fm6126", "fm6126a"), ("fm6127", "fm6127"),
    ]
}

import Testing
import PixelCore
import PixelEffects
import PixelUI
import PixelWeb

/// The effects library through WLED's API: every effect listed and selectable by number, the
/// palettes listed, previewed and selectable for the playing effect, and fxdata that tells the
/// WLED apps which controls an effect has.
@Suite struct WLEDPaletteTests {
    static let plasma = MenuEntry.effects.firstIndex { $0.title == "Plasma" }!

    @Test func effectsAndPalettesAreListedByStableNumber() throws {
        #expect(WLEDDocuments.effectNames == MenuEntry.effects.map(\.title))
        #expect(WLEDDocuments.effectNames.count >= 29)
        #expect(WLEDDocuments.paletteNames == ["Default"] + Palette.names.map { $0.prefix(1).uppercased() + $0.dropFirst() })
        let info = WLEDTestApp.documents(WLEDTestApp.playing()).info
        #expect(info["fxcount"]?.integer == MenuEntry.effects.count)
        #expect(info["palcount"]?.integer == 1 + Palette.all.count)
    }

    @Test func palSetsThePlayingEffectsPaletteAndReadsBack() throws {
        var app = WLEDTestApp.playing()
        _ = try WLEDTestApp.apply(#"{"seg":[{"id":0,"fx":\#(Self.plasma),"pal":3}]}"#, to: &app)
        #expect(app.playingEffect == Self.plasma)
        #expect(app.settings.effectParameters["plasma.palette"] == Palette.names[2])
        #expect(WLEDTestApp.documents(app).state["seg"]?.elements?.first?["pal"]?.integer == 3)
        _ = try WLEDTestApp.apply(#"{"seg":{"pal":"~"}}"#, to: &app)
        #expect(app.settings.effectParameters["plasma.palette"] == Palette.names[3])
        _ = try WLEDTestApp.apply(#"{"seg":{"pal":0}}"#, to: &app)
        #expect(app.settings.effectParameters["plasma.palette"] == nil, "Default is the effect's own palette")
        #expect(WLEDTestApp.documents(app).state["seg"]?.elements?.first?["pal"]?.integer == 0)
        let request = try WLEDTestApp.apply(#"{"seg":{"pal":99}}"#, to: &app)
        #expect(request.ignored == ["seg.pal"] && app.settings.effectParameters["plasma.palette"] == nil)
    }

    @Test func fxdataShowsThePaletteListOnlyWhereAnEffectTakesOne() throws {
        let fxdata = try #require(WLEDDocuments.fxdata.elements)
        #expect(fxdata.count == MenuEntry.effects.count)
        let plasma = try #require(fxdata[Self.plasma].string)
        #expect(plasma.hasPrefix("Speed,Scale") && plasma.hasSuffix(";;!;2"), "\(plasma)")
        #expect(fxdata[0].string?.hasSuffix(";;;2") == true, "DVD Bounce has a colour, no palette")
        // An effect's own speed is not a second Speed slider.
        #expect(!plasma.dropFirst("Speed".count).contains("Speed"))
    }

    @Test func palxPreviewsEachPalettesStops() throws {
        let page = WLEDDocuments.paletteColors(page: 0)
        let previews = try #require(page["p"]?.members)
        #expect(previews.first?.1 == .array([.string("c1")]))
        let rainbow = try #require(previews.first { $0.0 == "1" }?.1.elements)
        #expect(rainbow.count == Palette.all[0].stops.count)
        #expect(rainbow.first == .array([.int(0), .int(255), .int(0), .int(0)]))
        let last = try #require(page["m"]?.integer)
        #expect(last == Palette.all.count / 8)
    }

    @Test func familiesGroupEveryEffectOnceAndTheSegmentSaysWhatEachSliderStandsAt() throws {
        #expect(WLEDAPI.get("/json/families", documents: WLEDTestApp.documents(WLEDTestApp.playing())).status == 200)
        let families = try #require(WLEDDocuments.families.elements)
        #expect(families.compactMap { $0["name"]?.string } == EffectFamily.allCases.map(\.title))
        let numbers = families.flatMap { family -> [Int] in (family["fx"]?.elements ?? []).compactMap { $0.integer } }
        #expect(numbers.sorted() == Array(MenuEntry.effects.indices))
        var app = WLEDTestApp.playing()
        _ = try WLEDTestApp.apply(#"{"seg":{"fx":\#(Self.plasma)}}"#, to: &app)
        let values = try #require(WLEDTestApp.documents(app).state["seg"]?.elements?.first?["values"])
        #expect(values["sx"]?.string == "100 %")
        #expect(values["ix"]?.string == "1 x", "Plasma's scale, its first slider after its own speed")
    }
}

import Testing
import PixelCore
@testable import PixelEffects

/// The effects library as a whole: what every effect beyond the seed four must have and do.
struct EffectLibraryTests {
    static let library = EffectCatalog.all.filter { $0.family != .classic }.map(\.name)

    @Test func thereAreTwentyNineEffectsOrMoreInEveryFamily() {
        #expect(EffectCatalog.all.count >= 29)
        #expect(Set(EffectCatalog.all.map(\.name)).count == EffectCatalog.all.count, "names are unique")
        for family in EffectFamily.allCases { #expect(!EffectCatalog.effects(in: family).isEmpty, "\(family.title) is empty") }
    }

    @Test(arguments: library)
    func anEffectHasSpeedAShapeParameterAndAPalette(_ name: String) throws {
        let effect = try EffectCatalog.named(name)
        #expect(effect.parameters.first?.name == "speed")
        let shapes = effect.parameters.dropFirst().filter { p in
            switch p.kind { case .number, .integer: return true; default: return false }
        }
        #expect(!shapes.isEmpty, "\(name) has no shape parameter")
        let palette = effect.parameters.first { $0.name == "palette" }
        guard case let .palette(preset)? = palette?.kind else { Issue.record("\(name) has no palette"); return }
        #expect(Palette.named(preset) != nil)
        #expect(effect.parameters.allSatisfy { !$0.summary.isEmpty }, "every parameter has a line of help")
    }

    @Test(arguments: library)
    func anEffectIsAnimatedAtEverySize(_ name: String) throws {
        for (w, h) in [(16, 8), (64, 32), (128, 64)] {
            var scene = try EffectCatalog.named(name).makeScene(seed: 1, width: w, height: h)
            let early = renderFrame(&scene, width: w, height: h, at: .milliseconds(1000))
            let later = renderFrame(&scene, width: w, height: h, at: .milliseconds(3000))
            #expect(early != later, "\(name) is frozen at \(w)x\(h)")
            #expect(later.litArea > 0.05, "\(name) is nearly dark at \(w)x\(h)")
        }
    }

    @Test(arguments: library)
    func anEffectChangesWithItsPalette(_ name: String) throws {
        let effect = try EffectCatalog.named(name)
        let preset = effect.parameters.first { $0.name == "palette" }?.defaultDescription ?? "rainbow"
        let other = preset == "mono" ? "lava" : "mono"
        let own = try renderEffect(name, at: .milliseconds(2500))
        let changed = try renderEffect(name, parameters: ["palette": other], at: .milliseconds(2500))
        #expect(own != changed, "\(name) looks the same in \(other)")
    }

    @Test(arguments: library)
    func anInstantLooksTheSameWhateverWasAskedForBefore(_ name: String) throws {
        let fresh = try renderEffect(name, width: 32, height: 16, at: .milliseconds(2700))
        var scene = try EffectCatalog.named(name).makeScene(seed: 1, width: 32, height: 16)
        _ = renderFrame(&scene, width: 32, height: 16, at: .milliseconds(6100))
        let afterLater = renderFrame(&scene, width: 32, height: 16, at: .milliseconds(2700))
        #expect(fresh == afterLater, "\(name) depends on the frames asked for before")
    }

    @Test func aBadPaletteNameIsRefusedWithTheList() {
        #expect(throws: EffectError.parameterOutOfRange(effect: "plasma", name: "palette", value: "plaid",
                                                         allowed: "a palette from the list: " + Palette.names.joined(separator: "|"))) {
            _ = try EffectCatalog.named("plasma").makeScene(parameters: ["palette": "plaid"], seed: 1, width: 8, height: 8)
        }
    }
}

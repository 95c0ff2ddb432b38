import Testing
import PixelEffects

struct StarfieldDensityTests {
    @Test func denseStarfieldsAreNotCappedAt327Stars() throws {
        let stars = Starfield(width: 64, height: 32, density: 50, maxFrequency: 1, color: .white, seed: 1).stars
        #expect(stars.count == 1024)
    }
}

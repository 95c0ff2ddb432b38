import Testing
import PixelImages

/// PPM files at the edges.
struct PPMTests {
    @Test func ppmSamplesAboveTheirMaximumAreRefused() {
        #expect(throws: ImageFileError.self) { _ = try StillImage.read("a.ppm", bytes: Array("P6\n1 1\n1\n".utf8) + [255, 255, 255]) }
        #expect(throws: ImageFileError.self) { _ = try StillImage.read("b.ppm", bytes: Array("P3\n1 1\n15\n16 0 0\n".utf8)) }
    }
}

import Foundation
import PixelCore
import PixelImages
import PixelInputs
import PixelSystem
import PixelTestSupport
import PixelUI
import Testing
@testable import PixelRuntime

/// Photos on real files: `PhotoFolder` reading a folder, and headless runs of the whole app
/// (`sim --photos DIR --no-tty --script …`) whose frames are compared with `show`'s.
@Suite struct PhotoFolderTests {
    let dir: ScratchDirectory
    init() throws { dir = try ScratchDirectory() }

    /// A 16×8 picture of one colour.
    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGBImage8 {
        RGBImage8(width: 16, height: 8, fill: Color(red: r, green: g, blue: b))
    }

    /// a.png, b.gif (red 100 ms, green 300 ms, blue 200 ms, looping), c.jpg (the 16×8 gradient),
    /// d.png (cut short), notes.txt, and the album Trip with e.png.
    func makeFolder() throws -> String {
        let folder = dir.file("photos")
        try FileManager.default.createDirectory(atPath: folder + "/Trip", withIntermediateDirectories: true)
        var picture = RGBImage8(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { picture[x, y] = Color(red: UInt8(x * 6), green: UInt8(y * 8), blue: 90) } }
        try PNGFile.write(picture, to: folder + "/a.png")
        try AtomicFile.write(try GIFFile.encode(frames: [Self.solid(255, 0, 0), Self.solid(0, 255, 0), Self.solid(0, 0, 255)],
                                                delaysCentiseconds: [10, 30, 20]), to: folder + "/b.gif")
        try AtomicFile.write(try FileBytes.read(RepositoryPaths.root() + "/Tests/Fixtures/images/gradient-16x8.jpg"), to: folder + "/c.jpg")
        try AtomicFile.write(Array(try PNGFile.encode(picture).prefix(60)), to: folder + "/d.png")
        try AtomicFile.write(Array("not a picture".utf8), to: folder + "/notes.txt")
        try PNGFile.write(Self.solid(200, 200, 0), to: folder + "/Trip/e.png")
        return folder
    }

    @Test func aFolderIsReadAsPhotosAndAlbumsSkippingOtherFiles() throws {
        let folder = try makeFolder()
        let catalog = PhotoFolder(path: folder).scan()
        #expect(catalog.photos.map(\.name) == ["a.png", "b.gif", "c.jpg", "d.png"])
        #expect(catalog.albums.map(\.name) == ["Trip"])
        #expect(catalog.albums.first?.photos == [PhotoItem(album: "Trip", name: "e.png")])
        #expect(catalog.skipped == 1)
        #expect(catalog.problem == nil)
        // A file copied in by hand is there at the next scan.
        try PNGFile.write(Self.solid(1, 2, 3), to: folder + "/f.PNG")
        #expect(PhotoFolder(path: folder).scan().photos.map(\.name).last == "f.PNG")
    }

    @Test func aMissingOrEmptyFolderAndABrokenFileAreOneLineEach() throws {
        let missing = PhotoFolder(path: dir.file("nowhere")).scan()
        #expect(missing.problem == "\(dir.file("nowhere")) does not exist: create it and put pictures in it")
        try FileManager.default.createDirectory(atPath: dir.file("empty"), withIntermediateDirectories: false)
        let empty = PhotoFolder(path: dir.file("empty")).scan()
        #expect(empty.problem == nil && empty.allPhotos.isEmpty)
        let folder = try makeFolder()
        #expect(throws: PhotoProblem.self) {
            _ = try PhotoFolder(path: folder).open(PhotoItem(name: "d.png"), width: 16, height: 8, supersampling: .x4, fit: .fit)
        }
        do {
            _ = try PhotoFolder(path: folder).open(PhotoItem(name: "d.png"), width: 16, height: 8, supersampling: .x4, fit: .fit)
        } catch {
            #expect(!error.message.contains("\n") && error.message.contains("d.png"))
        }
    }

    /// The slideshow of the folder at 10 fps on a 16×8 panel: each still is `show`'s frame, the
    /// GIF's frames last 1, 3 and 2 frames, and the broken file is skipped.
    @Test func aSlideshowShowsWhatShowShowsAndTheGIFAtItsOwnTiming() throws {
        let folder = try makeFolder()
        // Photos → Slideshow at 0.2 s; Transition cut, so no frame is a blend.
        try "transition = 0\n".write(toFile: dir.file("settings.conf"), atomically: true, encoding: .utf8)
        let session = try HeadlessSession(size: try PanelSize(width: 16, height: 8), fps: 10, seconds: 22,
                                          script: try InputScript(text: "0.1 rotate +1\n0.15 select\n0.2 select\n"),
                                          statePath: dir.file("settings.conf"), photos: folder)
        var frames: [Frame] = []
        var names: [String?] = []
        try session.run { _, frame in
            frames.append(frame)
            names.append(session.state.shownPhoto?.item.name)
        }
        func shown(_ name: String) -> [Int] { names.indices.filter { names[$0] == name } }
        func show(_ file: String) throws -> Frame {
            StillImage.fit(try StillImage.read(file, bytes: try FileBytes.read(folder + "/" + file)), width: 16, height: 8)
        }
        let sixty = Fixed(60, over: 100)
        func lit(_ frame: Frame) -> Frame {
            var scaled = frame
            for i in scaled.pixels.indices { scaled.pixels[i] = frame.pixels[i].scaled(by: sixty) }
            return scaled
        }
        // Stills: after the name's 1.5 s, exactly `show`'s frame (at the panel's brightness).
        for file in ["a.png", "c.jpg"] {
            let indices = shown(file)
            #expect(indices.count >= 45, "\(file) shown for the 5 s interval")
            let expected = lit(try show(file))
            #expect(frames[indices[16]] == expected, "\(file)")
        }
        // The GIF: from 1.5 s in, runs of 1, 3 and 2 frames of red, green and blue, repeated.
        let gif = shown("b.gif")
        #expect(gif.count >= 50)
        let colours = [Self.solid(255, 0, 0), Self.solid(0, 255, 0), Self.solid(0, 0, 255)].map {
            lit(StillImage.fit($0, width: 16, height: 8))
        }
        let sequence = gif.dropFirst(15).map { index in colours.firstIndex(of: frames[index]) ?? -1 }
        var runs: [(Int, Int)] = []
        for colour in sequence {
            if let last = runs.last, last.0 == colour { runs[runs.count - 1].1 += 1 } else { runs.append((colour, 1)) }
        }
        let whole = runs.dropFirst().dropLast()  // the first and last runs are cut by the window
        #expect(!whole.isEmpty && whole.allSatisfy { [0: 1, 1: 3, 2: 2][$0.0] == $0.1 }, "runs \(runs)")
        // d.png is skipped; the album's photo follows the folder's.
        #expect(shown("d.png").isEmpty)
        let order = names.compactMap { $0 }.reduce(into: [String]()) { if $0.last != $1 { $0.append($1) } }
        #expect(order.prefix(4) == ["a.png", "b.gif", "c.jpg", "e.png"])
    }
}

import PixelCore
import PixelInputs
import Testing
@testable import PixelUI

@Suite struct PhotosMenuTests {
    static let width = 16, height = 8

    /// A frame of one colour.
    static func plain(_ level: UInt16) -> Frame {
        var frame = Frame(width: width, height: height)
        for i in frame.pixels.indices { frame.pixels[i] = LinearColor(red: level, green: 0, blue: 0) }
        return frame
    }

    /// A library of two stills, a three-frame animation (100, 300, 200 ms, played twice) and a
    /// broken file in the top folder, and one still in the album Trip.
    static func library() -> MemoryPhotoLibrary {
        let library = MemoryPhotoLibrary()
        library.pictures = [
            PhotoItem(name: "a.png"): .still(plain(1000)),
            PhotoItem(name: "b.gif"): .animation([(plain(2000), 100), (plain(3000), 300), (plain(4000), 200)], loopCount: 1),
            PhotoItem(name: "c.jpg"): .still(plain(5000)),
            PhotoItem(name: "d.png"): .broken("the PNG is cut short"),
            PhotoItem(album: "Trip", name: "e.ppm"): .still(plain(6000)),
        ]
        return library
    }

    /// An app with `library`, `settings`, at the top level.
    static func app(_ library: (any PhotoLibrary)?, settings: Settings = Settings()) -> PixelWheelApp {
        var app = PixelWheelApp(width: width, height: height, framesPerSecond: 10, settings: settings, version: "test")
        app.photoLibrary = library
        return app
    }

    static func go(_ actions: [InputAction], _ app: inout PixelWheelApp, at ms: Int = 0) {
        for action in actions { app.handle(InputEvent(action, at: .milliseconds(ms))) }
    }

    /// What the panel shows at `ms`.
    static func frame(_ app: inout PixelWheelApp, at ms: Int) -> Frame {
        var canvas = Canvas(width: width, height: height, supersampling: .x2)
        app.render(into: &canvas, at: .milliseconds(ms))
        return canvas.downsample()
    }

    @Test func theTopLevelIsTheIPodsOrder() {
        let app = Self.app(nil)
        #expect(app.menuEntries.map(\.title) == ["Effects", "Photos", "Shuffle", "Extras", "Settings"])
    }

    @Test func photosListsSlideshowThenAlbumsThenPhotosByName() {
        var app = Self.app(Self.library())
        Self.go([.rotate(1), .select], &app)
        #expect(app.menuTitle == "Photos")
        #expect(app.menuEntries.map(\.title) == ["Slideshow", "Trip", "a", "b", "c", "d"])
        Self.go([.rotate(1), .select], &app)
        #expect(app.menuEntries.map(\.title) == ["Slideshow", "e"])
    }

    @Test func withNoFolderOrAnEmptyOnePhotosSaysHowToAddPictures() {
        var none = Self.app(nil)
        Self.go([.rotate(1), .select], &none)
        #expect(none.menuEntries.map(\.title) == ["No photos folder: start with --photos DIR"])
        var empty = Self.app(MemoryPhotoLibrary())
        Self.go([.rotate(1), .select], &empty)
        #expect(empty.menuEntries.count == 1)
        #expect(empty.menuEntries[0].title.hasPrefix("No photos: copy pictures into memory"))
        Self.go([.select], &empty)
        #expect(empty.screen == .menu, "the note does nothing")
    }

    @Test func aPhotoAddedLaterAppearsWhenPhotosOpensAgain() {
        let library = MemoryPhotoLibrary()
        var app = Self.app(library)
        Self.go([.rotate(1), .select], &app)
        library.pictures[PhotoItem(name: "new.png")] = .still(Self.plain(100))
        Self.go([.menu, .select], &app)
        #expect(app.menuEntries.map(\.title) == ["Slideshow", "new"])
    }

    @Test func aPhotoShowsFullScreenAndTheWheelStepsThroughThem() {
        var app = Self.app(Self.library())
        Self.go([.rotate(1), .select, .rotate(2), .select], &app)  // a
        #expect(app.screen == .photo)
        #expect(app.shownPhoto?.item.name == "a.png" && app.shownPhoto?.slideshow == false)
        // After the name's 1.5 s, exactly the picture.
        #expect(Self.frame(&app, at: 1600) == Self.plain(1000))
        Self.go([.rotate(2)], &app, at: 2000)
        #expect(app.shownPhoto?.item.name == "c.jpg")
        Self.go([.previous], &app, at: 2100)
        #expect(app.shownPhoto?.item.name == "b.gif")
        Self.go([.rotate(-2)], &app, at: 2200)
        #expect(app.shownPhoto?.item.name == "d.png", "wraps round")
        #expect(app.shownPhoto?.problem == "d.png: the PNG is cut short")
        Self.go([.menu], &app, at: 2300)
        #expect(app.screen == .menu && app.menuTitle == "Photos" && app.shownPhoto == nil)
    }

    @Test func anAnimationPlaysEachFrameForItsDelayAndItsLoopCount() {
        let library = MemoryPhotoLibrary()
        library.pictures[PhotoItem(name: "b.gif")] = .animation([(Self.plain(2000), 1000), (Self.plain(3000), 3000), (Self.plain(4000), 2000)],
                                                                 loopCount: 1)
        var settings = Settings()
        settings.transitionMilliseconds = 0
        var app = Self.app(library, settings: settings)
        Self.go([.rotate(1), .select, .rotate(1), .select], &app)  // b.gif at 0 ms
        // Two passes (loop count 1): 2000 for 0–1 s, 3000 to 4 s, 4000 to 6 s, again from 6 s,
        // then the last frame stays. Before 1.5 s the name covers the bottom rows.
        let expected: [(Int, UInt16)] = [(1600, 3000), (3900, 3000), (4000, 4000), (5900, 4000), (6000, 2000), (6900, 2000),
                                         (7000, 3000), (10_000, 4000), (20_000, 4000)]
        for (ms, level) in expected {
            #expect(Self.frame(&app, at: ms) == Self.plain(level), "at \(ms) ms")
        }
    }

    @Test func theSlideshowMovesOnAfterTheIntervalSkipsBrokenFilesAndPlaysAnimationsOnce() {
        var settings = Settings()
        settings.slideshowSeconds = 2
        settings.transitionMilliseconds = 0
        var app = Self.app(Self.library(), settings: settings)
        Self.go([.rotate(1), .select, .select], &app)  // Slideshow: every photo, the folder's then the album's
        var shown: [String] = []
        for ms in stride(from: 0, through: 12_000, by: 100) {
            _ = Self.frame(&app, at: ms)
            if let name = app.shownPhoto?.item.name, shown.last != name { shown.append(name) }
        }
        #expect(shown == ["a.png", "b.gif", "c.jpg", "e.ppm", "a.png", "b.gif", "c.jpg"], "d.png is skipped")
        Self.go([.playPause], &app, at: 12_100)
        #expect(app.shownPhoto?.slideshow == false)
        _ = Self.frame(&app, at: 30_000)
        #expect(app.shownPhoto?.item.name == "c.jpg", "stopped")
    }

    @Test func shufflePhotosFollowsTheSeed() {
        var settings = Settings()
        settings.shufflePhotos = true
        settings.slideshowSeconds = 2
        func order(seed: UInt64) -> [String] {
            let library = MemoryPhotoLibrary()
            for n in 0..<8 { library.pictures[PhotoItem(name: "p\(n).png")] = .still(Self.plain(UInt16(n))) }
            var app = PixelWheelApp(width: Self.width, height: Self.height, framesPerSecond: 10, settings: settings, version: "t", seed: seed)
            app.photoLibrary = library
            Self.go([.rotate(1), .select, .select], &app)
            var names: [String] = []
            for ms in stride(from: 0, through: 16_000, by: 250) {
                _ = Self.frame(&app, at: ms)
                if let name = app.shownPhoto?.item.name, names.last != name { names.append(name) }
            }
            return names
        }
        #expect(order(seed: 5) == order(seed: 5))
        #expect(order(seed: 5) != order(seed: 6))
        #expect(Set(order(seed: 5)).count == 8)
    }

    @Test func aStillIsDecodedOnceWhileSteppingBackAndForth() {
        let library = Self.library()
        var app = Self.app(library)
        Self.go([.rotate(1), .select, .rotate(2), .select], &app)  // a
        for _ in 0..<5 { Self.go([.next, .previous], &app) }
        #expect(library.opens == 1 + 5, "a once; b, an animation, is opened again each time")
    }

    @Test func photoSettingsAreSavedAndRead() throws {
        var settings = Settings()
        settings.slideshowSeconds = 10
        settings.shufflePhotos = true
        settings.photoFit = .fill
        let read = try Settings(fileText: settings.fileText)
        #expect(read == settings)
        #expect(throws: SettingsError.self) { try Settings(fileText: "slideshow = 1") }
        #expect(throws: SettingsError.self) { try Settings(fileText: "photo-fit = zoom") }
        #expect(!Settings().fileText.contains("slideshow"), "defaults are not written")
        // Settings → Photos steps them.
        var app = Self.app(nil)
        Self.go([.rotate(4), .select, .rotate(9), .select], &app)
        #expect(app.menuEntries.map { app.label(for: $0) } == ["Slideshow: 5 s", "Shuffle Photos: Off", "Photo Fit: Fit"])
        Self.go([.select, .rotate(1), .select, .rotate(1), .select], &app)
        #expect(app.settings.slideshowSeconds == 10 && app.settings.shufflePhotos && app.settings.photoFit == .fill)
    }
}

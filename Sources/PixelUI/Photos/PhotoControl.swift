import PixelCore
import PixelInputs

extension PixelWheelApp {
    /// The photo on screen and whether the slideshow runs, for the runtime and tests; nil when
    /// Photos shows none.
    public var shownPhoto: (item: PhotoItem, slideshow: Bool, problem: String?)? {
        photoViewer.map { ($0.current, $0.slideshow, $0.problem) }
    }

    /// Photos' rows for `album` (nil: the top): Slideshow, the albums, the photos by file name;
    /// or one line that says why there is nothing and how to add pictures.
    func photosMenu(album: String?) -> [MenuEntry] {
        let catalog = photoCatalog
        guard let folder = catalog.folder else { return [.photosNote("No photos folder: start with --photos DIR")] }
        if let problem = catalog.problem { return [.photosNote(problem)] }
        let photos = catalog.photos(in: album)
        let albums = album == nil ? catalog.albums.filter { !$0.photos.isEmpty }.map { MenuEntry.photoAlbum($0.name) } : []
        guard !photos.isEmpty || !albums.isEmpty else {
            return [.photosNote("No photos: copy pictures into \(folder) or upload them at /photos")]
        }
        return [.slideshow(album: album)] + albums + photos.enumerated().map { .photo(album: album, index: $0.offset, title: $0.element.title) }
    }

    /// Selecting a row of Photos.
    mutating func selectPhotosEntry(_ entry: MenuEntry, at time: FrameTime) {
        switch entry {
        case .photos:
            // Read the folder again every time: a photo copied in or uploaded appears.
            photoCatalog = photoLibrary?.scan() ?? .none
            stack.append(Level(title: "Photos", entries: photosMenu(album: nil)))
        case let .photoAlbum(name):
            stack.append(Level(title: name, entries: photosMenu(album: name)))
        case let .photo(album, index, _):
            openPhotos(photoCatalog.photos(in: album), start: index, slideshow: false, at: time)
        case let .slideshow(album):
            let items = album.map { photoCatalog.photos(in: $0) } ?? photoCatalog.allPhotos
            openPhotos(items, start: 0, slideshow: true, at: time)
        default:
            break
        }
    }

    /// Shows `items` from `start` full screen.
    private mutating func openPhotos(_ items: [PhotoItem], start: Int, slideshow: Bool, at time: FrameTime) {
        guard !items.isEmpty else { return }
        let shuffle = slideshow && settings.shufflePhotos ? Mix.hash(seed, items.count) : nil
        photoViewer = PhotoViewer(items: items, start: start, slideshow: slideshow, shuffle: shuffle, at: time, open: opener)
        screen = .photo
    }

    /// How the viewer opens a photo: through the library, for this panel and the Photo fit setting.
    private var opener: PhotoViewer.Opener {
        let library = photoLibrary, width = width, height = height, supersampling = settings.supersampling, fit = settings.photoFit
        return { (item: PhotoItem) throws(PhotoProblem) -> OpenedPhoto in
            guard let library else { throw PhotoProblem("\(item.name): no photos folder") }
            return try library.open(item, width: width, height: height, supersampling: supersampling, fit: fit)
        }
    }

    /// The wheel on a photo: turns, next and previous step through the photos; select and ⏯
    /// start and stop the slideshow; MENU goes back (handled with every screen's MENU).
    mutating func handlePhoto(_ event: InputEvent) -> Bool {
        guard photoViewer != nil else { return false }
        let open = opener, fade = transition.nanoseconds > 0
        switch event.action {
        case let .rotate(steps): photoViewer?.step(steps, at: event.time, fade: fade, open: open)
        case .next: photoViewer?.step(1, at: event.time, fade: fade, open: open)
        case .previous: photoViewer?.step(-1, at: event.time, fade: fade, open: open)
        case .select, .playPause:
            click()
            photoViewer?.slideshow.toggle()
        default: return false
        }
        return true
    }

    /// Plays the photo's animation and moves the slideshow on, while Photos is on screen.
    mutating func updatePhoto(at time: FrameTime) {
        guard screen == .photo, photoViewer != nil else { return }
        let open = opener, interval = FrameTime.seconds(settings.slideshowSeconds), fade = transition.nanoseconds > 0
        photoViewer?.update(at: time, interval: interval, fade: fade, open: open)
    }
}

import PixelCore

/// Puts a picture onto a panel: shrinks it in whole steps, places it as a `PhotoFit` says,
/// draws it on a supersampling `Canvas` and averages the samples in linear light.
///
/// All in integers and Q16.16 fixed point, so every CPU gives the same frame bit for bit.
public enum PhotoScaler {
    /// `image` on a `width × height` panel, drawn at `supersampling` samples per LED side.
    ///
    /// An image at least four times as wide and as tall as the panel's samples is first shrunk
    /// by a whole factor to no less than twice them (`StillImage.shrunk`), so memory and time
    /// follow the panel, not the photo. `.fit` is exactly `StillImage.fit`.
    ///
    /// - Precondition: `width > 0`, `height > 0`.
    public static func frame(_ image: RGBImage8, width: Int, height: Int, fit: PhotoFit,
                             supersampling: Supersampling = .x4) -> Frame {
        precondition(width > 0 && height > 0, "a panel needs at least one LED, got \(width)x\(height)")
        let image = StillImage.shrunk(image, toCover: width * supersampling.rawValue, height * supersampling.rawValue)
        var canvas = Canvas(width: width, height: height, supersampling: supersampling)
        switch fit {
        case .fit:
            // Scale so the whole image fits: LEDs per image pixel = min(w / iw, h / ih).
            let rgba = rgbaImage(image, x: 0, y: 0, width: image.width, height: image.height)
            let scale = min(Fixed(width, over: image.width), Fixed(height, over: image.height))
            let drawnWidth = scale * image.width, drawnHeight = scale * image.height
            canvas.drawImage(rgba, at: Point(x: (Fixed(width) - drawnWidth) / 2, y: (Fixed(height) - drawnHeight) / 2),
                             pixelSize: scale)
        case .fill:
            // Only the centred part of the panel's aspect is drawn: rounded up, so it covers.
            let cropWidth = min(image.width, ceilingDivide(image.height * width, height))
            let cropHeight = min(image.height, ceilingDivide(image.width * height, width))
            let rgba = rgbaImage(image, x: (image.width - cropWidth) / 2, y: (image.height - cropHeight) / 2,
                                 width: cropWidth, height: cropHeight)
            let scale = max(Fixed(width, over: cropWidth), Fixed(height, over: cropHeight))
            let drawnWidth = scale * cropWidth, drawnHeight = scale * cropHeight
            canvas.drawImage(rgba, at: Point(x: (Fixed(width) - drawnWidth) / 2, y: (Fixed(height) - drawnHeight) / 2),
                             pixelSize: scale)
        case .stretch:
            let rgba = rgbaImage(image, x: 0, y: 0, width: image.width, height: image.height)
            canvas.drawImage(rgba, at: Point(x: .zero, y: .zero), pixelWidth: Fixed(width, over: image.width),
                             pixelHeight: Fixed(height, over: image.height))
        }
        return canvas.downsample()
    }

    /// `a / b` rounded up, for positive `a` and `b`.
    static func ceilingDivide(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }

    /// The `width × height` part of `image` from (`x`, `y`), opaque, as the canvas draws it.
    private static func rgbaImage(_ image: RGBImage8, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var rgba = RGBAImage(width: width, height: height)
        for row in 0..<height { for column in 0..<width { rgba[column, row] = image[x + column, y + row] } }
        return rgba
    }
}

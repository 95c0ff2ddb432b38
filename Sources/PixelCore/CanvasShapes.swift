/// The canvas's anti-aliased primitives. Every position and size is in logical coordinates
/// (see `Canvas.transform`) and may fall between LEDs.
extension Canvas {
    /// Blends `color` over the whole canvas.
    public mutating func fill(_ color: Color) {
        guard color.alpha > 0 else { return }
        let linear = color.linear, w = Canvas.weight(color.alpha)
        materialize()
        storage.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices { buffer[i] = Canvas.blend(linear, over: buffer[i], weight: w) }
        }
    }

    /// Fills `rect`, with corners rounded to `cornerRadius` (clamped to half the shorter side).
    /// Edges are half-open: rectangles that share an edge tile without overlap or gap.
    public mutating func fillRect(_ rect: Rect, cornerRadius: Fixed = .zero, color: Color) {
        guard rect.width > .zero, rect.height > .zero else { return }
        let radius = min(cornerRadius, min(rect.width, rect.height) / 2)
        if radius <= .zero {
            let w = Int64(rect.width.raw) << 8, h = Int64(rect.height.raw) << 8
            let map = LocalMap(origin: Point(x: rect.x, y: rect.y), unitX: .one, unitY: .one)
            fillSpans(minX: rect.x, minY: rect.y, maxX: rect.maxX, maxY: rect.maxY, map: map, color: color) { u, v in
                u >= 0 && v >= 0 && u < w && v < h
            } spans: { v, emit in
                if v >= 0 && v < h { emit(0, w - 1) }
            }
            return
        }
        // Local units of one corner radius, centred on the rectangle.
        let halfW = (Int64(rect.width.raw) << 23) / Int64(radius.raw)
        let halfH = (Int64(rect.height.raw) << 23) / Int64(radius.raw)
        let map = LocalMap(origin: rect.center, unitX: radius, unitY: radius)
        fillShape(minX: rect.x, minY: rect.y, maxX: rect.maxX, maxY: rect.maxY, map: map, color: color) { u, v in
            let au = u < 0 ? -u : u, av = v < 0 ? -v : v
            guard au < halfW, av < halfH else { return false }
            let cu = au - (halfW - Q24.one), cv = av - (halfH - Q24.one)
            return cu <= 0 || cv <= 0 || Q24.withinUnitCircle(cu, cv)
        }
    }

    /// Fills the ellipse inscribed in `rect`.
    public mutating func fillEllipse(in rect: Rect, color: Color) {
        guard rect.width > .zero, rect.height > .zero else { return }
        let map = LocalMap(origin: rect.center, unitX: rect.width / 2, unitY: rect.height / 2)
        fillSpans(minX: rect.x, minY: rect.y, maxX: rect.maxX, maxY: rect.maxY, map: map, color: color) { u, v in
            Q24.withinUnitCircle(u, v)
        } spans: { v, emit in
            if let k = Q24.halfChord(v) { emit(-k, k) }
        }
    }

    /// Fills a circle.
    public mutating func fillCircle(center: Point, radius: Fixed, color: Color) {
        fillEllipse(in: Rect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2), color: color)
    }

    /// Fills a pie sector: the part of the circle swept clockwise from `start` to `end`.
    /// A sweep of a full turn or more fills the circle; a sweep of zero or less draws nothing.
    public mutating func fillPie(center: Point, radius: Fixed, from start: Angle, to end: Angle, color: Color) {
        let sweep = Int64(end.raw) - Int64(start.raw)
        guard radius > .zero, sweep > 0 else { return }
        if sweep >= 65536 { fillCircle(center: center, radius: radius, color: color); return }
        let sx = Int64(Trig.cosine(start).raw), sy = Int64(Trig.sine(start).raw)
        let ex = Int64(Trig.cosine(end).raw), ey = Int64(Trig.sine(end).raw)
        let wide = sweep > 32768
        let map = LocalMap(origin: center, unitX: radius, unitY: radius)
        fillSpans(minX: center.x - radius, minY: center.y - radius, maxX: center.x + radius, maxY: center.y + radius,
                  map: map, color: color) { u, v in
            guard Q24.withinUnitCircle(u, v) else { return false }
            let afterStart = sx * v - sy * u >= 0   // p lies clockwise of the start ray
            let beforeEnd = u * ey - v * ex >= 0    // p lies counter-clockwise of the end ray
            return wide ? (afterStart || beforeEnd) : (afterStart && beforeEnd)
        } spans: { v, emit in
            guard let k = Q24.halfChord(v) else { return }
            // The same two tests, as runs of u: sy·u ≤ sx·v and −ey·u ≤ −ex·v.
            let start = Q24.halfLine(a: sy, c: sx * v), end = Q24.halfLine(a: -ey, c: -ex * v)
            let a = (lo: max(-k, start.lo), hi: min(k, start.hi)), b = (lo: max(-k, end.lo), hi: min(k, end.hi))
            if !wide {
                let lo = max(a.lo, b.lo), hi = min(a.hi, b.hi)
                if lo <= hi { emit(lo, hi) }
            } else if a.lo > a.hi {
                if b.lo <= b.hi { emit(b.lo, b.hi) }
            } else if b.lo > b.hi {
                emit(a.lo, a.hi)
            } else if max(a.lo, b.lo) <= min(a.hi, b.hi) + 1 {
                emit(min(a.lo, b.lo), max(a.hi, b.hi))  // overlapping or touching: one run, blended once
            } else {
                emit(a.lo, a.hi); emit(b.lo, b.hi)
            }
        }
    }

    /// Strokes the segment from `a` to `b`, `width` wide, with round caps.
    public mutating func strokeLine(from a: Point, to b: Point, width: Fixed, color: Color) {
        guard width > .zero else { return }
        let dx = Int64(b.x.raw) - Int64(a.x.raw), dy = Int64(b.y.raw) - Int64(a.y.raw)
        // |dx|, |dy| < 2³², so each square fits in a UInt64 but their sum may not: then halve both.
        let mx = dx.magnitude, my = dy.magnitude
        let (sum, overflow) = (mx * mx).addingReportingOverflow(my * my)
        let length = overflow ? Int64(integerSquareRoot((mx / 2) * (mx / 2) + (my / 2) * (my / 2))) * 2
                              : Int64(integerSquareRoot(sum))  // Q16.16
        let half = width / 2
        guard length > 0 else { fillCircle(center: a, radius: half, color: color); return }
        let ux = Fixed(raw: Int32((dx << 16) / length)), uy = Fixed(raw: Int32((dy << 16) / length))
        let reach = (length << 24) / Int64(half.raw)  // segment length in half-widths, Q.24
        let map = LocalMap(origin: a, directionX: ux, directionY: uy, unit: half)
        fillShape(minX: min(a.x, b.x) - half, minY: min(a.y, b.y) - half,
                  maxX: max(a.x, b.x) + half, maxY: max(a.y, b.y) + half, map: map, color: color) { u, v in
            if u >= 0 && u <= reach && v >= -Q24.one && v <= Q24.one { return true }
            return Q24.withinUnitCircle(u, v) || Q24.withinUnitCircle(u - reach, v)
        }
    }

    /// Fills a polygon (closed automatically) with the non-zero winding rule.
    public mutating func fillPolygon(_ points: [Point], color: Color) {
        guard points.count >= 3, color.alpha > 0 else { return }
        let s = Int64(supersampling.rawValue)
        // Vertices in sample space, Q16.16.
        let vertices = points.map { p -> (x: Int64, y: Int64) in
            let led = transform.apply(p)
            return (Int64(led.x.raw) * s, Int64(led.y.raw) * s)
        }
        let minY = vertices.map { $0.y }.min()!, maxY = vertices.map { $0.y }.max()!
        let j0 = max(bandStart, Int((minY - 32768) >> 16)), j1 = min(bandEnd, Int((maxY + 32768) >> 16) + 1)
        guard j0 < j1 else { return }
        let linear = color.linear, w = Canvas.weight(color.alpha)
        var crossings: [(x: Int64, winding: Int)] = []
        for j in j0..<j1 {
            let yc = (Int64(j) << 16) + 32768
            crossings.removeAll(keepingCapacity: true)
            for k in vertices.indices {
                let p = vertices[k], q = vertices[(k + 1) % vertices.count]
                let winding: Int
                if p.y <= yc && q.y > yc { winding = 1 } else if q.y <= yc && p.y > yc { winding = -1 } else { continue }
                // From the lower end, so that polygons sharing this edge (walking it the other
                // way) get the very same crossing and tile without a seam.
                let (lo, hi) = p.y < q.y ? (p, q) : (q, p)
                let x = Int128(lo.x) + Int128(yc - lo.y) * Int128(hi.x - lo.x) / Int128(hi.y - lo.y)
                crossings.append((Int64(x), winding))
            }
            crossings.sort { $0.x < $1.x }
            var total = 0
            materialize()
            storage.withUnsafeMutableBufferPointer { buffer in
                for k in crossings.indices.dropLast() {
                    total += crossings[k].winding
                    guard total != 0 else { continue }
                    // Samples whose centres (i + 0.5) lie in [xa, xb).
                    let xa = crossings[k].x, xb = crossings[k + 1].x
                    let i0 = max(0, Int((xa - 32768 + 0xFFFF) >> 16))
                    let i1 = min(sampleWidth, Int((xb - 32768 + 0xFFFF) >> 16))
                    guard i0 < i1 else { continue }
                    let row = (j - bandStart) * sampleWidth
                    for i in i0..<i1 { buffer[row + i] = Canvas.blend(linear, over: buffer[row + i], weight: w) }
                }
            }
        }
    }

    /// Draws the lit pixels of `bitmap` in `color`, its top-left corner at `origin`, each
    /// bitmap pixel `pixelSize` logical units square.
    public mutating func drawBitmap(_ bitmap: Bitmap, at origin: Point, pixelSize: Fixed = .one, color: Color) {
        guard bitmap.width > 0, bitmap.height > 0, pixelSize > .zero else { return }
        let map = LocalMap(origin: origin, unitX: pixelSize, unitY: pixelSize)
        let w = bitmap.width, h = bitmap.height
        fillSpans(minX: origin.x, minY: origin.y, maxX: origin.x + pixelSize * w, maxY: origin.y + pixelSize * h,
                  map: map, color: color) { u, v in
            guard u >= 0, v >= 0 else { return false }
            let x = Int(u >> 24), y = Int(v >> 24)
            return x < w && y < h && bitmap.bits[y * w + x]
        } spans: { v, emit in
            guard v >= 0, v >> 24 < h else { return }
            // Each run of lit bitmap pixels in the row is one run of u.
            let row = Int(v >> 24) * w
            var x = 0
            while x < w {
                guard bitmap.bits[row + x] else { x += 1; continue }
                let start = x
                while x < w && bitmap.bits[row + x] { x += 1 }
                emit(Int64(start) << 24, (Int64(x) << 24) - 1)
            }
        }
    }

    /// Draws a colour image with its alpha, top-left at `origin`, each image pixel `pixelSize`
    /// logical units square, its alpha multiplied by `opacity`.
    public mutating func drawImage(_ image: RGBAImage, at origin: Point, pixelSize: Fixed = .one, opacity: Fixed = .one) {
        drawImage(image, at: origin, pixelWidth: pixelSize, pixelHeight: pixelSize, opacity: opacity)
    }

    /// Draws a colour image with its alpha, top-left at `origin`, each image pixel
    /// `pixelWidth × pixelHeight` logical units (a non-square pixel stretches the image), its
    /// alpha multiplied by `opacity`. With equal sides this is `drawImage(_:at:pixelSize:opacity:)`.
    public mutating func drawImage(_ image: RGBAImage, at origin: Point, pixelWidth: Fixed, pixelHeight: Fixed,
                                   opacity: Fixed = .one) {
        guard image.width > 0, image.height > 0, pixelWidth > .zero, pixelHeight > .zero,
              let bounds = sampleBounds(minX: origin.x, minY: origin.y,
                                        maxX: origin.x + pixelWidth * image.width, maxY: origin.y + pixelHeight * image.height)
        else { return }
        let paints = image.pixels.map { c in (c.linear, Canvas.weight(c.withOpacity(opacity).alpha)) }
        let w = image.width, h = image.height
        rasterize(bounds: bounds, map: LocalMap(origin: origin, unitX: pixelWidth, unitY: pixelHeight)) { u, v in
            guard u >= 0, v >= 0 else { return nil }
            let x = Int(u >> 24), y = Int(v >> 24)
            return x < w && y < h ? paints[y * w + x] : nil
        }
    }

    /// Draws `text` on one line in `font`, the top-left of its line box at `origin`, each font
    /// pixel `pixelSize` logical units square. Returns the text's width in logical units.
    @discardableResult
    public mutating func drawText(_ text: String, font: PixelFont, at origin: Point, pixelSize: Fixed = .one,
                                  color: Color) -> Fixed {
        var penX = origin.x
        for scalar in text.unicodeScalars {
            guard let glyph = font.glyph(for: scalar) else {
                penX += pixelSize * font.missingAdvance
                continue
            }
            let glyphOrigin = Point(x: penX + pixelSize * glyph.left, y: origin.y + pixelSize * glyph.top)
            drawBitmap(glyph.bitmap, at: glyphOrigin, pixelSize: pixelSize, color: color)
            penX += pixelSize * glyph.advance
        }
        return penX - origin.x
    }

    /// `shade(_:)` for a shader that is often constant over a whole LED: `ledColor(x, y)` gives
    /// that colour for LED (x, y), or nil to evaluate `shader` at each of its samples. An LED
    /// with a colour gets its S×S samples set to it without calling `shader`, so the result is
    /// `shade(shader)` exactly whenever every colour given is what `shader` returns at all of
    /// that LED's samples. Logical coordinates must be LEDs (the identity transform); under any
    /// other transform this is `shade(shader)`.
    public mutating func shade(perLED ledColor: (Int, Int) -> LinearColor?, _ shader: (Point) -> LinearColor) {
        guard transform == .identity, inverse == .identity else { shade(shader); return }
        let s = supersampling.rawValue, shift = supersampling.shift, sw = sampleWidth
        // Sample i of an LED has its centre at (i + ½) / S of the LED.
        let offsets = (0..<s).map { i in Int32((i << (16 - shift)) + (1 << (15 - shift))) }
        let rows = bandRows, top = bandStart
        materialize()
        storage.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for y in rows {
                for x in 0..<width {
                    let first = (y * s - top) * sw + x * s
                    if let color = ledColor(x, y) {
                        // The LED's S×S samples lie inside the canvas: S rows of S from `first`.
                        var row = base + first
                        for _ in 0..<s {
                            for i in 0..<s { row[i] = color }
                            row += sw
                        }
                        continue
                    }
                    for j in 0..<s {
                        let py = Fixed(raw: Int32(y << 16) + offsets[j])
                        for i in 0..<s {
                            buffer[first + j * sw + i] = shader(Point(x: Fixed(raw: Int32(x << 16) + offsets[i]), y: py))
                        }
                    }
                }
            }
        }
    }

    /// Sets the samples of a block of whole LEDs from a small table of colours indexed
    /// separably, for a shader that takes few distinct values over the block (a glow symmetric
    /// about the block's centre, say), so it is evaluated once per value rather than per sample.
    ///
    /// The block is LED columns `columns` and LED rows `rows`, clipped to the canvas (and to
    /// its band). The sample
    /// in sample column i and sample row j of the unclipped block (counted from its top-left
    /// sample) is set to `table[rowIndex[j] * tableWidth + columnIndex[i]]`, without blending
    /// and without the transform; so `columnIndex` has `columns.count × S` entries, each below
    /// `tableWidth`, and `rowIndex` has `rows.count × S`, each below `table.count / tableWidth`.
    public mutating func setSamples(columns: Range<Int>, rows: Range<Int>, table: [LinearColor], tableWidth: Int,
                                    columnIndex: [Int], rowIndex: [Int]) {
        let shift = supersampling.shift
        precondition(columnIndex.count == columns.count << shift && rowIndex.count == rows.count << shift,
                     "one index per sample column and per sample row of the block")
        precondition(tableWidth > 0 && columnIndex.allSatisfy { $0 >= 0 && $0 < tableWidth }
                     && rowIndex.allSatisfy { $0 >= 0 && ($0 + 1) * tableWidth <= table.count }, "index outside the table")
        // The block's samples that are on the canvas, relative to its first sample.
        let i0 = max(0, -columns.lowerBound << shift), i1 = min(columnIndex.count, sampleWidth - (columns.lowerBound << shift))
        let j0 = max(bandStart - (rows.lowerBound << shift), 0), j1 = min(rowIndex.count, bandEnd - (rows.lowerBound << shift))
        guard i0 < i1, j0 < j1 else { return }
        // Rows of the block in the band, from the band's first row.
        let sw = sampleWidth, x0 = columns.lowerBound << shift, y0 = (rows.lowerBound << shift) - bandStart
        materialize()
        storage.withUnsafeMutableBufferPointer { buffer in
            table.withUnsafeBufferPointer { table in
                columnIndex.withUnsafeBufferPointer { columnIndex in
                    let out = buffer.baseAddress!, colours = table.baseAddress!, index = columnIndex.baseAddress!
                    for j in j0..<j1 {
                        let line = colours + rowIndex[j] &* tableWidth, row = out + ((y0 &+ j) &* sw &+ x0)
                        for i in i0..<i1 { row[i] = line[index[i]] }
                    }
                }
            }
        }
    }

    /// Sets every sample to `shader(p)`, where `p` is the sample centre in logical
    /// coordinates: a per-pixel function, supersampled like every other primitive.
    public mutating func shade(_ shader: (Point) -> LinearColor) {
        let all = (x0: 0, y0: 0, x1: sampleWidth, y1: sampleHeight)
        rasterize(bounds: all, map: LocalMap(origin: .zero, unitX: .one, unitY: .one)) { u, v in
            (shader(Point(x: Fixed(raw: Int32(truncatingIfNeeded: u >> 8)), y: Fixed(raw: Int32(truncatingIfNeeded: v >> 8)))), 256)
        }
    }
}

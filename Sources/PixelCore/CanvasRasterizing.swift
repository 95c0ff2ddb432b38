/// Rasterising shapes in their own coordinates: sample bounds, walks over the samples a shape
/// covers, and filling spans.
extension Canvas {
    /// Shape-local coordinates as an affine function of logical coordinates:
    /// u = mxx·(x − ox) + mxy·(y − oy), v = myx·(x − ox) + myy·(y − oy).
    /// Origins are logical Q16.16 raw values; the m's are local units per logical unit in Q.24,
    /// so u and v come out in Q.40 and are handed to shapes in Q.24 (1.0 = 1 << 24).
    struct LocalMap {
        var ox: Int64, oy: Int64
        var mxx: Int64, mxy: Int64, myx: Int64, myy: Int64

        /// u = (x − origin.x) / unitX, v = (y − origin.y) / unitY.
        init(origin: Point, unitX: Fixed, unitY: Fixed) {
            ox = Int64(origin.x.raw); oy = Int64(origin.y.raw)
            mxx = (Int64(1) << 40) / Int64(unitX.raw); mxy = 0
            myx = 0; myy = (Int64(1) << 40) / Int64(unitY.raw)
        }

        /// u along the unit vector (dx, dy) (Q16.16), v across it, both divided by `unit`.
        init(origin: Point, directionX dx: Fixed, directionY dy: Fixed, unit: Fixed) {
            ox = Int64(origin.x.raw); oy = Int64(origin.y.raw)
            let scale = Int64(unit.raw)
            mxx = (Int64(dx.raw) << 24) / scale; mxy = (Int64(dy.raw) << 24) / scale
            myx = -(Int64(dy.raw) << 24) / scale; myy = (Int64(dx.raw) << 24) / scale
        }
    }

    /// The sample rectangle (half-open) whose centres may fall inside the logical box.
    func sampleBounds(minX: Fixed, minY: Fixed, maxX: Fixed, maxY: Fixed) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let c0 = transform.apply(Point(x: minX, y: minY)), c3 = transform.apply(Point(x: maxX, y: maxY))
        // Without rotation or shear (b = c = 0, so c·y and b·x are exactly 0) the other two
        // corners share their coordinates with these.
        let axisAligned = transform.b == .zero && transform.c == .zero
        let c1 = axisAligned ? Point(x: c3.x, y: c0.y) : transform.apply(Point(x: maxX, y: minY))
        let c2 = axisAligned ? Point(x: c0.x, y: c3.y) : transform.apply(Point(x: minX, y: maxY))
        let s = Int64(supersampling.rawValue)
        // Sample i has its centre at (i + 0.5)/S LEDs; pad by one sample for rounding, which
        // covers up to half a sample of error. Samples are placed through `inverse`, and
        // `transform` is only its inverse to within a unit of a coefficient per logical unit
        // (each is rounded to Q16.16): far from the origin of a huge logical space that is a
        // couple of samples, so pad by another sample for each sample of it beyond the half.
        let reach = Swift.max(Int64(minX.raw).magnitude, Int64(maxX.raw).magnitude)
            + Swift.max(Int64(minY.raw).magnitude, Int64(maxY.raw).magnitude)
        let pad = 1 + Int64((reach * UInt64(s) + (1 << 31)) >> 32)
        func low(_ v: Int32) -> Int { Int(((Int64(v) * s) >> 16) - pad) }
        func high(_ v: Int32) -> Int { Int(((Int64(v) * s + 0xFFFF) >> 16) + pad) }
        let x0 = max(0, low(min(min(c0.x.raw, c1.x.raw), min(c2.x.raw, c3.x.raw))))
        let x1 = min(sampleWidth, high(max(max(c0.x.raw, c1.x.raw), max(c2.x.raw, c3.x.raw))))
        let y0 = max(0, low(min(min(c0.y.raw, c1.y.raw), min(c2.y.raw, c3.y.raw))))
        let y1 = min(sampleHeight, high(max(max(c0.y.raw, c1.y.raw), max(c2.y.raw, c3.y.raw))))
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0, y0, x1, y1)
    }

    /// Shape-local coordinates (Q.40) at the first sample of some bounds, and their steps per
    /// sample along a row (I) and down a column (J).
    struct LocalWalk {
        var u0: Int128, v0: Int128, uI: Int128, vI: Int128, uJ: Int128, vJ: Int128
        /// Whether every sample in the bounds has |u|, |v| < 2⁶², so the walk can run in 64 bits.
        var fitsIn64Bits: Bool
        /// Whether every sample in the bounds has |u|, |v| < 2⁶⁰ (room for `fillSpans`'s sums).
        var fitsIn60Bits: Bool
    }

    /// Sets up the walk over `bounds` for `map`. Kept out of line: it runs once per shape, and
    /// inlining its 128-bit arithmetic slows down the per-sample loop that follows.
    @inline(never)
    func localWalk(bounds: (x0: Int, y0: Int, x1: Int, y1: Int), map: LocalMap) -> LocalWalk {
        if let walk = axisAlignedWalk(bounds: bounds, map: map) { return walk }
        let shift = Int64(supersampling.shift)
        // LED coordinates (Q16.16) of the first sample centre.
        let half = Int64(1) << (15 - shift)
        let ledX0 = (Int64(bounds.x0) << (16 - shift)) + half
        let ledY0 = (Int64(bounds.y0) << (16 - shift)) + half
        // Logical coordinates of that centre relative to the shape's origin, in Q.32: exact, so
        // that shapes sharing an edge agree on which side of it every sample lies.
        let inv = inverse
        let dx = Int128(inv.a.raw) * Int128(ledX0) + Int128(inv.c.raw) * Int128(ledY0) + (Int128(Int64(inv.tx.raw) - map.ox) << 16)
        let dy = Int128(inv.b.raw) * Int128(ledX0) + Int128(inv.d.raw) * Int128(ledY0) + (Int128(Int64(inv.ty.raw) - map.oy) << 16)
        // Local coordinates in Q.40, in 128 bits: a shape far smaller than the distances involved
        // (a hairline across the whole range, a tiny dot in a huge logical space) needs about 2⁷⁴.
        let u0 = (Int128(map.mxx) * dx + Int128(map.mxy) * dy) >> 16
        let v0 = (Int128(map.myx) * dx + Int128(map.myy) * dy) >> 16
        let uI = (Int128(map.mxx) * Int128(inv.a.raw) + Int128(map.mxy) * Int128(inv.b.raw)) >> shift
        let vI = (Int128(map.myx) * Int128(inv.a.raw) + Int128(map.myy) * Int128(inv.b.raw)) >> shift
        let uJ = (Int128(map.mxx) * Int128(inv.c.raw) + Int128(map.mxy) * Int128(inv.d.raw)) >> shift
        let vJ = (Int128(map.myx) * Int128(inv.c.raw) + Int128(map.myy) * Int128(inv.d.raw)) >> shift
        // u and v are linear in the sample position, so they are largest at a corner of the bounds.
        let ni = Int128(bounds.x1 - bounds.x0 - 1), nj = Int128(bounds.y1 - bounds.y0 - 1)
        func within(_ bits: Int) -> Bool {
            func fits(_ u: Int128, _ v: Int128) -> Bool { u.magnitude >> bits == 0 && v.magnitude >> bits == 0 }
            return fits(u0, v0) && fits(u0 + ni * uI, v0 + ni * vI) && fits(u0 + nj * uJ, v0 + nj * vJ)
                && fits(u0 + ni * uI + nj * uJ, v0 + ni * vI + nj * vJ)
        }
        return LocalWalk(u0: u0, v0: v0, uI: uI, vI: vI, uJ: uJ, vJ: vJ, fitsIn64Bits: within(62), fitsIn60Bits: within(60))
    }

    /// `localWalk` in 64-bit arithmetic, for the common case where neither the inverse
    /// transform nor `map` rotates or shears (every cross term is 0): then each of
    /// `localWalk`'s 128-bit sums has one non-zero term, and where no product or sum below
    /// overflows 64 bits the results are the same values. Nil when something would overflow
    /// or the maps are not axis-aligned, for `localWalk` to do it in 128 bits.
    @inline(__always)
    func axisAlignedWalk(bounds: (x0: Int, y0: Int, x1: Int, y1: Int), map: LocalMap) -> LocalWalk? {
        let inv = inverse
        guard inv.b == .zero, inv.c == .zero, map.mxy == 0, map.myx == 0 else { return nil }
        let shift = Int64(supersampling.shift)
        let half = Int64(1) << (15 - shift)
        let ledX0 = (Int64(bounds.x0) << (16 - shift)) + half
        let ledY0 = (Int64(bounds.y0) << (16 - shift)) + half
        let ax = Int64(inv.a.raw).multipliedReportingOverflow(by: ledX0)
        let dy0 = Int64(inv.d.raw).multipliedReportingOverflow(by: ledY0)
        // |tx − ox| < 2³³, so its Q.32 form fits.
        let dx = ax.partialValue.addingReportingOverflow((Int64(inv.tx.raw) - map.ox) << 16)
        let dy = dy0.partialValue.addingReportingOverflow((Int64(inv.ty.raw) - map.oy) << 16)
        let u0 = map.mxx.multipliedReportingOverflow(by: dx.partialValue)
        let v0 = map.myy.multipliedReportingOverflow(by: dy.partialValue)
        let uI = map.mxx.multipliedReportingOverflow(by: Int64(inv.a.raw))
        let vJ = map.myy.multipliedReportingOverflow(by: Int64(inv.d.raw))
        guard !(ax.overflow || dy0.overflow || dx.overflow || dy.overflow || u0.overflow || v0.overflow
                || uI.overflow || vJ.overflow) else { return nil }
        let walk = (u0: u0.partialValue >> 16, v0: v0.partialValue >> 16, uI: uI.partialValue >> shift, vJ: vJ.partialValue >> shift)
        // u runs from u0 to u0 + ni·uI along a row, v from v0 to v0 + nj·vJ down a column.
        let uEnd = Int64(bounds.x1 - bounds.x0 - 1).multipliedReportingOverflow(by: walk.uI)
        let vEnd = Int64(bounds.y1 - bounds.y0 - 1).multipliedReportingOverflow(by: walk.vJ)
        guard !uEnd.overflow, !vEnd.overflow else { return nil }
        let u1 = walk.u0.addingReportingOverflow(uEnd.partialValue), v1 = walk.v0.addingReportingOverflow(vEnd.partialValue)
        guard !u1.overflow, !v1.overflow else { return nil }
        func within(_ bits: Int) -> Bool {
            walk.u0.magnitude >> bits == 0 && u1.partialValue.magnitude >> bits == 0
                && walk.v0.magnitude >> bits == 0 && v1.partialValue.magnitude >> bits == 0
        }
        return LocalWalk(u0: Int128(walk.u0), v0: Int128(walk.v0), uI: Int128(walk.uI), vI: 0, uJ: 0, vJ: Int128(walk.vJ),
                         fitsIn64Bits: within(62), fitsIn60Bits: within(60))
    }

    /// Visits every sample in `bounds` with its shape-local (u, v) in Q.24; `paint` returns the
    /// colour and weight (0...256) to blend there, or nil to leave the sample alone.
    @inline(__always)
    mutating func rasterize(
        bounds: (x0: Int, y0: Int, x1: Int, y1: Int), map: LocalMap,
        paint: (Int64, Int64) -> (LinearColor, UInt32)?
    ) {
        let rows = bandSpan(bounds.y0, bounds.y1)
        guard !rows.isEmpty else { return }
        // The walk starts at the top of the bounds whatever the band, so every sample gets
        // the same (u, v) as on a full canvas: skipping k rows adds k steps, in the same
        // wrapping arithmetic as taking them one at a time.
        let walk = localWalk(bounds: bounds, map: map)
        guard walk.fitsIn64Bits else { rasterizeWide(bounds: bounds, walk: walk, paint: paint); return }
        let uStepI = Int64(walk.uI), vStepI = Int64(walk.vI), uStepJ = Int64(walk.uJ), vStepJ = Int64(walk.vJ)
        let skipped = Int64(rows.lowerBound - bounds.y0)
        var uRow = Int64(walk.u0) &+ skipped &* uStepJ, vRow = Int64(walk.v0) &+ skipped &* vStepJ
        let sw = sampleWidth, top = bandStart
        materialize()
        storage.withUnsafeMutableBufferPointer { buffer in
            for j in rows {
                var u = uRow, v = vRow
                let rowStart = (j - top) * sw
                for i in bounds.x0..<bounds.x1 {
                    if let (color, w) = paint(u >> 16, v >> 16), w > 0 {
                        buffer[rowStart + i] = Canvas.blend(color, over: buffer[rowStart + i], weight: w)
                    }
                    u &+= uStepI; v &+= vStepI
                }
                uRow &+= uStepJ; vRow &+= vStepJ
            }
        }
    }

    /// `rasterize` for the rare shape whose local coordinates over `bounds` overflow 64 bits:
    /// the same walk in 128 bits, handing shapes Q.24 values limited to ±2⁶² (far outside
    /// every shape, and small enough for the shape tests to negate and subtract).
    @inline(never)
    mutating func rasterizeWide(
        bounds: (x0: Int, y0: Int, x1: Int, y1: Int), walk: LocalWalk,
        paint: (Int64, Int64) -> (LinearColor, UInt32)?
    ) {
        func q24(_ q40: Int128) -> Int64 { Int64(Swift.min(Swift.max(q40 >> 16, -(1 << 62)), 1 << 62)) }
        materialize()
        let rows = bandSpan(bounds.y0, bounds.y1)
        let skipped = Int128(rows.lowerBound - bounds.y0)
        var uRow = walk.u0 + skipped * walk.uJ, vRow = walk.v0 + skipped * walk.vJ
        for j in rows {
            var u = uRow, v = vRow
            let rowStart = (j - bandStart) * sampleWidth
            for i in bounds.x0..<bounds.x1 {
                if let (color, w) = paint(q24(u), q24(v)), w > 0 {
                    storage[rowStart + i] = Canvas.blend(color, over: storage[rowStart + i], weight: w)
                }
                u += walk.uI; v += walk.vI
            }
            uRow += walk.uJ; vRow += walk.vJ
        }
    }

    /// Like `rasterize` for a shape of one colour: `inside(u, v)` says whether a sample is covered.
    @inline(__always)
    mutating func fillShape(
        minX: Fixed, minY: Fixed, maxX: Fixed, maxY: Fixed, map: LocalMap, color: Color,
        inside: (Int64, Int64) -> Bool
    ) {
        guard color.alpha > 0, let bounds = sampleBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return }
        let linear = color.linear, w = Canvas.weight(color.alpha)
        rasterize(bounds: bounds, map: map) { u, v in inside(u, v) ? (linear, w) : nil }
    }
}

extension Canvas {
    /// A way to fill a shape a row of samples at a time. `spans(v, emit)` calls `emit(lo, hi)`
    /// for each run of u values (Q.24, inclusive, runs disjoint) the shape covers on the line
    /// of constant `v`; `inside(u, v)` is the same shape as a per-sample test.
    ///
    /// Where the canvas's transform keeps v constant along each row of samples (scales and
    /// translations, no rotation), the runs are turned into ranges of samples by solving
    /// lo ≤ u(i) ≤ hi for i, exactly, so each row costs a few divisions plus one store or
    /// blend per covered sample, and covers exactly the samples `inside` would. Otherwise
    /// every sample is tested.
    @inline(__always)
    mutating func fillSpans(
        minX: Fixed, minY: Fixed, maxX: Fixed, maxY: Fixed, map: LocalMap, color: Color,
        inside: (Int64, Int64) -> Bool, spans: (Int64, (Int64, Int64) -> Void) -> Void
    ) {
        guard color.alpha > 0, let bounds = sampleBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY) else { return }
        let linear = color.linear, w = Canvas.weight(color.alpha)
        let rows = bandSpan(bounds.y0, bounds.y1)
        guard !rows.isEmpty else { return }
        let walk = localWalk(bounds: bounds, map: map)
        // Below 2⁶⁰ every u(i) and every clamped run end below stays far inside 64 bits.
        guard fillsSpans, walk.vI == 0, walk.uI != 0, walk.fitsIn60Bits else {
            rasterize(bounds: bounds, map: map) { u, v in inside(u, v) ? (linear, w) : nil }
            return
        }
        let blender = RunBlender(linear, weight: w)
        let step = Int64(walk.uI), count = Int64(bounds.x1 - bounds.x0)
        let uStepJ = Int64(walk.uJ), vStepJ = Int64(walk.vJ)
        // From the top of the bounds, as `rasterize` does, so a band sees the same (u, v).
        let skipped = Int64(rows.lowerBound - bounds.y0)
        var uRow = Int64(walk.u0) &+ skipped &* uStepJ, vRow = Int64(walk.v0) &+ skipped &* vStepJ
        let sw = sampleWidth, top = bandStart
        materialize()
        storage.withUnsafeMutableBufferPointer { buffer in
            for j in rows {
                let u0 = uRow, rowStart = (j - top) * sw + bounds.x0
                spans(vRow >> 16) { lo, hi in
                    // Every u(i) is within ±2⁴⁴ in Q.24, so clamping the run there changes nothing.
                    let limit: Int64 = 1 << 45
                    let low = (min(max(lo, -limit), limit) << 16) &- u0
                    let high = ((min(max(hi, -limit), limit) << 16) | 0xFFFF) &- u0
                    // (u0 + n·step) >> 16 in lo...hi  ⟺  low ≤ n·step ≤ high.
                    let first = max(0, step > 0 ? Q24.ceilDiv(low, step) : Q24.ceilDiv(high, step))
                    let last = min(count - 1, step > 0 ? Q24.floorDiv(high, step) : Q24.floorDiv(low, step))
                    guard first <= last else { return }
                    if w >= 256 {
                        for i in Int(first)...Int(last) { buffer[rowStart + i] = linear }
                    } else {
                        blender.blend(over: buffer, from: rowStart + Int(first), count: Int(last - first) + 1)
                    }
                }
                uRow &+= uStepJ; vRow &+= vStepJ
            }
        }
    }
}


/// Q.24 helpers for shape tests.
enum Q24 {
    static let one: Int64 = 1 << 24

    /// u² + v² ≤ 1, safe for any magnitudes.
    @inline(__always) static func withinUnitCircle(_ u: Int64, _ v: Int64) -> Bool {
        if u > one || u < -one || v > one || v < -one { return false }
        return u * u + v * v <= one * one
    }

    /// The largest k with k² + v² ≤ 1 (so |u| ≤ k ⟺ `withinUnitCircle(u, v)`), or nil when
    /// no u qualifies.
    @inline(__always) static func halfChord(_ v: Int64) -> Int64? {
        guard v <= one && v >= -one else { return nil }
        return Int64(integerSquareRoot(UInt64(one * one - v * v)))
    }

    /// The u run where a·u ≤ c holds: u ≤ ⌊c / a⌋ for a > 0, u ≥ ⌈c / a⌉ for a < 0, every u or
    /// none for a = 0. `Int64.min` and `Int64.max` stand for no bound.
    @inline(__always) static func halfLine(a: Int64, c: Int64) -> (lo: Int64, hi: Int64) {
        if a > 0 { return (.min, floorDiv(c, a)) }
        if a < 0 { return (ceilDiv(c, a), .max) }
        return c >= 0 ? (.min, .max) : (.max, .min)
    }

    /// ⌊a / b⌋, b ≠ 0.
    @inline(__always) static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0) && ((a < 0) != (b < 0)) ? q - 1 : q
    }

    /// ⌈a / b⌉, b ≠ 0.
    @inline(__always) static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0) && ((a < 0) == (b < 0)) ? q + 1 : q
    }
}

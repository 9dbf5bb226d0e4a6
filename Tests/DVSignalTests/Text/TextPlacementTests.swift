import DVSignal
import Testing

/// The placement of a piece's texts, on rectangles alone: kept where nothing overlaps, moved, shrunk,
/// wrapped, and a conflict when nothing fits.
@Suite struct TextPlacementTests {
    /// A 320 × 180 frame with a margin of 5 and a gap of 2.
    static func place(_ items: [TextPlacement.Item], rect: (Int, TextPlacement.Fit) -> PixelRect) -> TextPlacement {
        TextPlacement(items: items, area: PixelRect(x: 0, y: 0, width: 320, height: 180), margin: 5, gap: 2, rect: rect)
    }

    /// A rectangle `width × height` at full size (scaled, and as high again for each halving of its width when
    /// wrapped), its bottom 5 pixels above the frame's bottom, centred or at the right edge.
    static func bottom(width: Int, height: Int, right: Bool = false) -> (TextPlacement.Fit) -> PixelRect {
        { fit in
            var w = Int(Double(width) * fit.scale)
            var h = Int(Double(height) * fit.scale)
            if let wrap = fit.wrapWidth, w > wrap {
                h *= (w + wrap - 1) / wrap
                w = wrap
            }
            return PixelRect(x: right ? 315 - w : (320 - w) / 2, y: 175 - h, width: w, height: h)
        }
    }

    @Test("items that do not overlap keep the rectangles their anchors give")
    func untouched() {
        let items = [
            TextPlacement.Item(name: "date", frames: 0..<30, side: .up), TextPlacement.Item(name: "caption", frames: 0..<30, side: .up)
        ]
        let rects = [PixelRect(x: 250, y: 160, width: 60, height: 15), PixelRect(x: 10, y: 10, width: 100, height: 20)]
        let placement = Self.place(items) { index, _ in rects[index] }
        #expect(placement.placed.map(\.rect) == rects)
        #expect(placement.placed.allSatisfy { !$0.moved && $0.fit == .asked })
        #expect(placement.conflicts.isEmpty)
    }

    @Test("items at the same place on different frames are not moved")
    func apartInTime() {
        let items = [
            TextPlacement.Item(name: "first", frames: 0..<10, side: .up), TextPlacement.Item(name: "second", frames: 10..<20, side: .up)
        ]
        let placement = Self.place(items) { _, fit in Self.bottom(width: 200, height: 20)(fit) }
        #expect(placement.placed.allSatisfy { !$0.moved })
    }

    @Test("the later of two overlapping items moves up past the first, a gap clear of it")
    func moved() {
        let items = [TextPlacement.Item(name: "date", frames: 0..<30, side: .up), TextPlacement.Item(name: "caption", frames: 5..<25, side: .up)]
        let shapes = [Self.bottom(width: 80, height: 15, right: true), Self.bottom(width: 300, height: 30)]
        let placement = Self.place(items) { index, fit in shapes[index](fit) }
        #expect(placement.placed[0].rect == PixelRect(x: 235, y: 160, width: 80, height: 15))
        #expect(placement.placed[1].rect == PixelRect(x: 10, y: 128, width: 300, height: 30))
        #expect(placement.placed[1].moved && placement.placed[1].fit == .asked)
        #expect(!placement.placed[0].rect.overlaps(placement.placed[1].rect))
        #expect(placement.conflicts.isEmpty)
    }

    @Test("a top item moves down")
    func movedDown() {
        let items = [TextPlacement.Item(name: "a", frames: 0..<1, side: .down), TextPlacement.Item(name: "b", frames: 0..<1, side: .down)]
        let placement = Self.place(items) { _, fit in PixelRect(x: 10, y: 5, width: 100, height: Int(20 * fit.scale)) }
        #expect(placement.placed[1].rect.y == 27)
    }

    @Test("an item that does not fit when moved is shrunk, then wrapped")
    func shrunkThenWrapped() {
        // 180 high: a 100-high date leaves 70 - 2 - 5 = 63 rows above it.
        let date = Self.bottom(width: 300, height: 100)
        let items = [TextPlacement.Item(name: "date", frames: 0..<1, side: .up), TextPlacement.Item(name: "caption", frames: 0..<1, side: .up)]
        let shrunk = Self.place(items) { index, fit in index == 0 ? date(.asked) : Self.bottom(width: 100, height: 70)(fit) }
        #expect(shrunk.placed[1].fit == TextPlacement.Fit(scale: 0.85))
        #expect(shrunk.placed[1].rect.maxY == 73 && shrunk.placed[1].rect.y >= 5)
        // Too tall at any size in the 63 rows: wrapped at two thirds beside a date that leaves the left third clear.
        let narrowDate = { (fit: TextPlacement.Fit) in PixelRect(x: 215, y: 5, width: 100, height: 170) }
        let leftText = { (fit: TextPlacement.Fit) -> PixelRect in
            let wide = fit.wrapWidth.map { $0 < 300 } ?? false
            return wide ? PixelRect(x: 5, y: 100, width: 150, height: 70) : PixelRect(x: 5, y: 100, width: 300, height: 70)
        }
        let wrapped = Self.place(items) { index, fit in index == 0 ? narrowDate(fit) : leftText(fit) }
        #expect(wrapped.placed[1].fit.wrapWidth == 213)
        #expect(wrapped.placed[1].overlapped == [0] && wrapped.placed[0].overlapped.isEmpty, "what it moved clear of, for the plan")
        #expect(wrapped.placed[1].fit.scale == TextPlacement.minimumScale)
        #expect(wrapped.conflicts.isEmpty)
    }

    @Test("an item too tall at 70 % and wrapped is shrunk further, to 60 %, 50 % and then 40 % of its size, before it is a conflict")
    func shrunkFurther() {
        // A 100-high date leaves 63 rows above it: a 150-high caption fits at 40 % (60 rows), not at 50 % (75).
        let date = Self.bottom(width: 300, height: 100)
        let items = [TextPlacement.Item(name: "date", frames: 0..<1, side: .up), TextPlacement.Item(name: "caption", frames: 0..<1, side: .up)]
        let placement = Self.place(items) { index, fit in index == 0 ? date(.asked) : Self.bottom(width: 100, height: 150)(fit) }
        #expect(placement.placed[1].fit == TextPlacement.Fit(scale: TextPlacement.lastScale))
        #expect(placement.placed[1].rect.maxY == 73 && placement.placed[1].rect.y >= 5)
        #expect(placement.conflicts.isEmpty)
    }

    @Test("items that cannot all fit are a conflict naming both, and stay where they were asked")
    func conflict() {
        let items = [TextPlacement.Item(name: "date", frames: 0..<1, side: .up), TextPlacement.Item(name: "caption", frames: 0..<1, side: .up)]
        let placement = Self.place(items) { _, _ in PixelRect(x: 5, y: 5, width: 310, height: 170) }
        #expect(placement.conflicts == [TextPlacement.Conflict(item: "caption", overlaps: ["date"])])
        #expect(
            placement.placed[1]
                == TextPlacement.Placed(rect: PixelRect(x: 5, y: 5, width: 310, height: 170), fit: .asked, moved: false, overlapped: [0]))
    }
}

import DVSignal
import Testing

@testable import DVRender

/// What `dvpipe plan` says of a piece's placement: each item's rectangle and fit, and why it moved.
@Suite struct TextPlanTests {
    /// A 320 × 180 frame's placement with a margin of 5 and a gap of 2, each item's rectangle from `rect`.
    static func texts(_ names: [String], rect: @escaping (Int, TextPlacement.Fit) -> PixelRect) -> [TextPlan.Text] {
        let items = names.map { TextPlacement.Item(name: $0, frames: 0..<30, side: .up) }
        let placement = TextPlacement(items: items, area: PixelRect(x: 0, y: 0, width: 320, height: 180), margin: 5, gap: 2, rect: rect)
        return TextPlan.texts(of: placement, areaWidth: 320)
    }

    @Test("a text that stays where asked has no why; one moved says which way and clear of what")
    func moved() {
        let texts = Self.texts(["the date", "the caption"]) { _, fit in
            PixelRect(x: 100, y: 155 - Int(20 * fit.scale), width: Int(120 * fit.scale), height: Int(20 * fit.scale))
        }
        #expect(texts[0].why == nil && texts[0].placed && texts[0].scale == 1)
        #expect(texts[1].why == "moved up clear of the date" && texts[1].placed)
        #expect(texts[1].y + texts[1].height <= texts[0].y && texts[1].width == 120)
    }

    @Test("a text shrunk or wrapped to fit says so; one that cannot fit says what it is drawn over")
    func shrunkWrappedAndOverlapping() {
        // Each item fills the frame's height but for what it loses by shrinking: only the smallest sizes fit above the first.
        let tall = { (fit: TextPlacement.Fit) in
            let height = fit.wrapWidth == nil ? Int(150 * fit.scale) : 40
            return PixelRect(x: 10, y: 175 - height, width: fit.wrapWidth ?? 300, height: height)
        }
        let wrapped = Self.texts(["the date", "the caption"]) { index, fit in
            index == 0 ? PixelRect(x: 10, y: 60, width: 300, height: 115) : tall(fit)
        }
        #expect(wrapped[1].why == "shrunk to 70 %, wrapped at 2/3 width, moved up clear of the date", "\(wrapped[1])")
        #expect(wrapped[1].wrapWidth == 213 && wrapped[1].scale == TextPlacement.minimumScale)
        let stuck = Self.texts(["the date", "the caption"]) { _, _ in PixelRect(x: 5, y: 5, width: 310, height: 170) }
        #expect(stuck[1].why == "could not fit: drawn over the date" && !stuck[1].placed)
        #expect(TextPlan.wrapShare(160, of: 320) == "1/2" && TextPlan.wrapShare(100, of: 320) == "100 px")
    }
}

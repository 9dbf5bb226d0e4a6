import DVMedia
import DVPlanning
import DVSignal
import DVTestBasics
import Foundation
import Testing

/// The rasteriser and the blending the generator's cards are made of.
@Suite struct FontFaceTests {
    @Test func digitsRenderTightAndScaleWithTheSize() throws {
        let fonts = FontSet()
        let draw = { (text: String, size: Int) in
            try TextLayout(text, fontPath: TextStyle.boldFontPath, settings: TextLayout.Settings(pixelSize: size), fonts: fonts).image().mask
                .trimmed()
        }
        let large = try draw("31", 100)
        let small = try draw("31", 50)
        #expect(large.height > 60 && large.height <= 100)
        #expect(large.width > large.height)
        #expect(abs(small.height * 2 - large.height) <= 3)
        #expect(large.alpha.contains(255))
        #expect(try draw("", 50) == TextMask(width: 0, height: 0))
    }

    @Test("a mask cut to its ink keeps its baseline on the same row of ink")
    func trimmedKeepsTheBaseline() {
        var mask = TextMask(width: 6, height: 5, baseline: 3)
        mask[2, 1] = 200
        mask[4, 3] = 90
        let cut = mask.trimmed()
        #expect(cut.width == 3 && cut.height == 3 && cut.baseline == 2)
        #expect(cut[0, 0] == 200 && cut[2, 2] == 90)
        #expect(TextMask(width: 4, height: 4).trimmed() == TextMask(width: 0, height: 0))
    }

    @Test func missingFontFileIsAFontError() {
        #expect(throws: MediaError.self) { try FontFace(path: "/nonexistent/font.ttf", pixelSize: 20) }
    }

    @Test func maskRotationTurnsClockwise() {
        var mask = TextMask(width: 3, height: 2)
        mask[0, 0] = 9
        let turned = mask.rotated(clockwise: 90)
        #expect(turned.width == 2 && turned.height == 3)
        #expect(turned[1, 0] == 9)
        #expect(mask.rotated(clockwise: 270).rotated(clockwise: 90) == mask)
    }

    @Test func opaqueBlendWritesTheColourAndChromaAveragesTheBlock() throws {
        let frame = try VideoFrame(width: 4, height: 2)
        frame.fill(SRGBColour.black.bt709Limited)
        var mask = TextMask(width: 4, height: 2)
        for x in 0..<3 {
            mask[x, 0] = 255
            mask[x, 1] = 255
        }
        let red = SRGBColour(red: 255, green: 0, blue: 0).bt709Limited
        #expect(red == YUVColor(y: 63, u: 102, v: 240))
        frame.blend(mask, x: 0, y: 0, color: red)
        #expect((0..<4).map { frame.plane(0)[$0] } == [63, 63, 63, 16])
        #expect(frame.plane(1)[0] == 102)
        #expect(frame.plane(2)[0] == 240)
        // The second 2×2 block is half covered: chroma moves half way.
        #expect(frame.plane(1)[1] == 115)
        #expect(frame.plane(2)[1] == 184)
    }

    @Test("8-bit frames (their own loop) blend as 10-bit ones do: each 10-bit sample is the 8-bit one times 4")
    func eightBitBlendMatchesTheGeneralPath() throws {
        var generator = SplitMix64(seed: 0xB1E4D)
        var mask = TextMask(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 where Bool.random(using: &generator) {
                mask[x, y] = UInt8.random(in: 0...255, using: &generator)
            }
        }
        let (width, height) = (48, 30)
        let eight = try VideoFrame(width: width, height: height), ten = try VideoFrame(width: width, height: height, format: .hlg10)
        let grey = YUVColor(y: 90, u: 120, v: 140), red = SRGBColour(red: 255, green: 0, blue: 0).bt709Limited
        for frame in [eight, ten] {
            frame.fill(grey)
            // At odd offsets, partly outside the frame, translucent, twice over.
            frame.blend(mask, x: 25, y: -7, color: red, opacity: 0.6)
            frame.blend(mask, x: -3, y: 11, color: red, opacity: 1)
        }
        for index in 0..<3 {
            let (columns, rows) = index == 0 ? (width, height) : (width / 2, height / 2)
            let deep = UnsafeMutableRawPointer(ten.plane(index)).assumingMemoryBound(to: UInt16.self)
            for row in 0..<rows {
                let shallow = (0..<columns).map { Int(eight.plane(index)[row * eight.stride(index) + $0]) * 4 }
                let wide = (0..<columns).map { Int(deep[row * ten.stride(index) / 2 + $0]) }
                #expect(shallow == wide, "plane \(index) row \(row)")
            }
        }
    }
}

/// Characters a font lacks are drawn with another that has them, and those no font has are found before
/// they are drawn as the font's missing-glyph box.
@Suite("missing glyphs")
struct MissingGlyphTests {
    @Test("the text's language chooses the face of a shared script: 直 in Japanese, simplified and traditional Chinese, Korean")
    func languageChoosesTheFace() throws {
        let fonts = FontSet()
        let chosen = try ["ja", "zh-Hans", "zh_CN", "zh-Hant", "zh_TW", "ko"].map { language in
            let file = try #require(
                try TextLayout.fallbacks(for: "直", fontPath: TextStyle.defaultFontPath, language: language, fonts: fonts).files.first)
            return try fonts.face(file.path, index: file.index, pixelSize: 16).familyName
        }
        #expect(chosen == ["Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Sans CJK SC", "Noto Sans CJK TC", "Noto Sans CJK TC", "Noto Sans CJK KR"])
    }

    @Test("characters the text's font lacks are drawn with fontconfig's fallbacks; only those no installed font has are missing")
    func fallbacksCoverWhatTheFontLacks() throws {
        let fonts = FontSet()
        let found = try TextLayout.fallbacks(for: "🎂 Dec 日 18 🎂", fontPath: TextStyle.defaultFontPath, language: "ja", fonts: fonts)
        #expect(found.missing.isEmpty, "\(found.missing)")
        let families = try found.files.map { try fonts.face($0.path, index: $0.index, pixelSize: 16).familyName }
        #expect(families == ["Noto Color Emoji", "Noto Sans CJK JP"], "\(families)")
        let none = try TextLayout.fallbacks(for: "\u{10FFFD}", fontPath: TextStyle.defaultFontPath, language: nil, fonts: fonts)
        #expect(none.missing == ["\u{10FFFD}"], "a private-use character no font has is missing")
    }
}

/// Glyphs are rendered once per font and size, and kept across the painters of one pool.
@Suite("glyph cache")
struct GlyphCacheTests {
    @Test("a face renders each glyph once per size, and cached glyphs draw the same pixels as fresh ones")
    func oncePerSize() throws {
        let fonts = FontSet()
        let draw = { (text: String, size: Int, set: FontSet) in
            try TextLayout(text, fontPath: TextStyle.defaultFontPath, settings: TextLayout.Settings(pixelSize: size), fonts: set).image().mask
        }
        let font = try fonts.face(TextStyle.defaultFontPath, pixelSize: 20)
        let first = try draw("Dec 18", 20, fonts)
        #expect(font.cachedGlyphCount == 6)
        let again = try draw("Dec 18", 20, fonts)
        #expect(font.cachedGlyphCount == 6)
        _ = try draw("Dec 19", 20, fonts)
        #expect(font.cachedGlyphCount == 7, "only the 9 is new")
        _ = try draw("Dec", 30, fonts)
        #expect(font.cachedGlyphCount == 10, "another size renders its own")
        let fresh = try draw("Dec 18", 20, FontSet())
        for mask in [again, fresh] {
            #expect(mask.width == first.width && mask.height == first.height && mask.baseline == first.baseline)
            #expect((0..<first.height).allSatisfy { y in (0..<first.width).allSatisfy { x in mask[x, y] == first[x, y] } })
        }
    }

    @Test("a painter gives its faces back to the pool, so the next clip's painter finds the glyphs rendered")
    func sharedAcrossPainters() throws {
        let pool = FontPool()
        let overlays = OverlayPainterTests.text("Wed, Dec 18")
        do {
            let painter = OverlayPainter(drawing: overlays, frameWidth: 160, frameHeight: 90, fonts: pool)
            try painter.draw(into: try OverlayPainterTests.patterned(), atFrame: 0)
        }
        let face = try pool.borrow(TextStyle.defaultFontPath)
        let rendered = face.cachedGlyphCount
        #expect(rendered >= 8, "the first painter's glyphs came back with the face")
        pool.giveBack(face)
        let before = try OverlayPainterTests.patterned()
        try OverlayPainter(drawing: overlays, frameWidth: 160, frameHeight: 90, fonts: pool).draw(into: before, atFrame: 0)
        let fresh = try OverlayPainterTests.patterned()
        try OverlayPainter(drawing: overlays, frameWidth: 160, frameHeight: 90).draw(into: fresh, atFrame: 0)
        #expect(OverlayPainterTests.changedRegion(before, fresh) == nil, "cached glyphs draw what fresh ones do")
        let after = try pool.borrow(TextStyle.defaultFontPath)
        #expect(after === face && after.cachedGlyphCount == rendered, "the second painter rendered no glyph")
    }
}

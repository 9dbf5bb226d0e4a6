import DVMedia
import DVPlanning
import DVSignal
import Testing

@testable import DVRender

/// A title card's text and the texts of the clip it crossfades with, which show on the same frames while one
/// dissolves into the other: placed together, so the card's text moves clear of them (or the layout warns),
/// and a card that overlaps nothing keeps its place and key.
@Suite("card text placement")
struct CardPlacementTests {
    static let title = "A year of small days, in the order they came, from the first snow to the last swim of the summer"

    static let canvas = CanvasSettings(
        width: 180, height: 320, fps: 30, fit: .contain, background: .black, codec: .h264, crf: 23, preset: "veryfast", encoderThreads: 1)

    /// An intro card with `text`, then a clip of 60 frames showing the overlays of the job with the `extra`
    /// keys (`theme:film`'s date stamp) and `caption`.
    static func pieces(text: String = title, caption: String?, job extra: String = "extends: theme:film\n") throws -> [ReelLayout.Piece] {
        let card = TitleCardSource(
            text: text, frameCount: 30, background: .black, textColor: .white, fontPath: TextStyle.defaultFontPath)
        let job = try PieceOverlaysTests.loaded(extra)
        let day = PieceOverlaysTests.day("2024-12-18", caption: caption)
        let clip = ClipSource(
            path: "/a.mp4", identity: "x", startMilliseconds: 0, frameCount: 60, day: "2024-12-18",
            overlays: PieceOverlays(job: job, day: day, firstFrame: 20, endFrame: 80, fps: 30))
        return [
            ReelLayout.Piece(source: .card(card), day: nil, firstFrame: 0, endFrame: 30),
            ReelLayout.Piece(source: .clip(clip), day: day, firstFrame: 20, endFrame: 80)
        ]
    }

    static func card(_ pieces: [ReelLayout.Piece]) throws -> TitleCardSource {
        guard case let .card(card) = pieces[0].source else { throw CardPlacementError.noCard }
        return card
    }

    /// A piece that should have been a card was not.
    enum CardPlacementError: Error { case noCard }

    @Test("a long title crossfading with a day's caption at the bottom moves up clear of it; the caption stays")
    func movesClear() throws {
        var pieces = try Self.pieces(caption: "Ice cream on the way home from the temple, with the whole family")
        let fonts = FontPool()
        guard case let .clip(clip) = pieces[1].source else { return }
        let shown = ReelLayout.overlaysShown(clip: clip, frames: 0..<10, canvas: Self.canvas, fonts: fonts)
        let centred = try CardStage.text(of: Self.card(pieces), canvas: Self.canvas, fonts: fonts).rect
        try #require(shown.contains { $0.rect.overlaps(centred) }, "the centred title overlaps the caption: \(centred), \(shown)")
        let warnings = ReelLayout.placeCardTexts(in: &pieces, joins: [Join(style: .crossfade, frameCount: 10)], canvas: Self.canvas, fonts: fonts)
        #expect(warnings.isEmpty, "\(warnings)")
        let placed = try #require(try Self.card(pieces).placed)
        #expect(shown.allSatisfy { !$0.rect.overlaps(placed.rect) }, "\(placed.rect) clear of \(shown)")
        #expect(placed.rect.y >= 0 && placed.rect.maxY < centred.maxY, "moved up: \(placed) from \(centred), clear of \(shown)")
        // The card draws its text where it was placed.
        let drawn = try CardStage.text(
            of: Self.card(pieces), canvas: Self.canvas, fonts: fonts, fit: TextPlacement.Fit(scale: placed.scale, wrapWidth: placed.wrapWidth))
        #expect(drawn.rect.width == placed.rect.width && drawn.rect.height == placed.rect.height)
        var frames = try CardStage(canvas: Self.canvas, fonts: fonts).render(Self.card(pieces), frameCount: 1)
        let frame = try #require(try frames.next())
        var lit = 0
        for row in 0..<Self.canvas.height {
            for column in 0..<Self.canvas.width where frame.plane(0)[row * frame.stride(0) + column] > 40 {
                lit += 1
                #expect(placed.rect.contains(x: column, y: row) && !shown.contains { $0.rect.contains(x: column, y: row) }, "pixel \(column),\(row)")
            }
        }
        #expect(lit > 0, "the title is drawn")
    }

    @Test("a cut, or a short title clear of the caption, leaves the card as it was, and its key")
    func keepsItsPlace() throws {
        let fonts = FontPool()
        let caption = "Ice cream on the way home from the temple, with the whole family"
        var cut = try Self.pieces(caption: caption)
        let before = try JSONCoding.encoder.encode(try Self.card(cut))
        #expect(ReelLayout.placeCardTexts(in: &cut, joins: [Join(style: .cut, frameCount: 0)], canvas: Self.canvas, fonts: fonts).isEmpty)
        #expect(try Self.card(cut).placed == nil && JSONCoding.encoder.encode(try Self.card(cut)) == before)
        var short = try Self.pieces(text: "2024", caption: caption)
        let shortBefore = try JSONCoding.encoder.encode(try Self.card(short))
        #expect(ReelLayout.placeCardTexts(in: &short, joins: [Join(style: .crossfade, frameCount: 10)], canvas: Self.canvas, fonts: fonts).isEmpty)
        #expect(try JSONCoding.encoder.encode(try Self.card(short)) == shortBefore)
    }

    @Test("a title between two tall texts that leave it no room cannot be placed clear: the warning names the card and the texts")
    func conflict() throws {
        let fonts = FontPool()
        let texts = """
            overlays:
              - text: { text: "I", position: top, size: 0.45 }
              - text: { text: "I", position: bottom, size: 0.45 }

            """
        var pieces = try Self.pieces(text: "2024", caption: nil, job: texts)
        let warnings = ReelLayout.placeCardTexts(in: &pieces, joins: [Join(style: .crossfade, frameCount: 10)], canvas: Self.canvas, fonts: fonts)
        guard case let .clip(clip) = pieces[1].source else { return }
        let shown = ReelLayout.overlaysShown(clip: clip, frames: 0..<10, canvas: Self.canvas, fonts: fonts)
        #expect(try Self.card(pieces).placed == nil, "it stays in the middle: \(shown)")
        #expect(
            warnings == [
                "on the card \"2024\" in the 180×320 output, its text cannot be placed clear of the text \"I\" of 2024-12-18 and the text \"I\" "
                    + "of 2024-12-18, which the crossfade shows with it; they are drawn over each other"
            ], "\(shown)")
    }
}

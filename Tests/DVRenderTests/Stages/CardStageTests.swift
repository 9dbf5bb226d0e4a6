import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// Title cards: on a colour or on a blurred still of the clip beside them, with the text in its colour.
@Suite("title cards")
struct CardStageTests {
    let canvas = CanvasSettings(
        width: 320, height: 180, fps: 30, fit: .contain, background: .black, codec: .h264, crf: 20, preset: "veryfast", encoderThreads: 2
    )
    static let navy = RGBAColor(red: 20, green: 30, blue: 90)

    func card(_ text: String, backdrop: CardBackdrop? = nil, color: RGBAColor = .white) -> TitleCardSource {
        TitleCardSource(
            text: text, frameCount: 2, background: Self.navy, textColor: color, fontPath: TextStyle.defaultFontPath, backdrop: backdrop
        )
    }

    func picture(_ card: TitleCardSource) throws -> VideoFrame {
        var frames = try CardStage(canvas: canvas, fonts: FontPool()).render(card, frameCount: 1)
        return try #require(try frames.next())
    }

    /// The luma samples of rows `rows` and columns `columns`.
    static func luma(_ frame: VideoFrame, columns: Range<Int>, rows: Range<Int>) -> [Int] {
        rows.flatMap { row in columns.map { Int(frame.plane(0)[row * frame.stride(0) + $0]) } }
    }

    /// A second of a yellow sample clip (a digit and a moving bar over the colour).
    static func clip(in folder: TemporaryFolder) throws -> URL {
        let clip = SampleClip(
            fileName: "beach.mp4", duration: 1, width: 320, height: 180, audio: .none, text: "8",
            background: SRGBColour(red: 230, green: 190, blue: 60))
        return try SampleWriter().write(clip, in: folder.url)
    }

    @Test("a plain card is its colour outside the text, and the text is drawn in its colour")
    func plainCard() throws {
        let navy = SRGBColour(Self.navy).bt709Limited
        let plain = try picture(card("Hello"))
        #expect(Self.luma(plain, columns: 0..<320, rows: 0..<20).allSatisfy { $0 == Int(navy.y) })
        let white = Self.luma(plain, columns: 100..<220, rows: 70..<110).max()
        let red = Self.luma(try picture(card("Hello", color: RGBAColor(red: 255, green: 0, blue: 0))), columns: 100..<220, rows: 70..<110).max()
        #expect(white == 235)
        #expect(red == Int(SRGBColour(red: 255, green: 0, blue: 0).bt709Limited.y))
    }

    @Test("with a safe area the card's text is centred in the frame less its margins, none of it in them")
    func cardInTheSafeArea() throws {
        var tall = CanvasSettings(
            width: 360, height: 640, fps: 30, fit: .contain, background: .black, codec: .h264, crf: 20, preset: "veryfast", encoderThreads: 2)
        let navy = Int(SRGBColour(Self.navy).bt709Limited.y)
        let card = card("Grandma's 90th birthday, with the whole family")
        var plain = try CardStage(canvas: tall, fonts: FontPool()).render(card, frameCount: 1)
        let whole = try #require(try plain.next())
        tall.safeArea = DeliveryRules.reels.safeArea
        var inset = try CardStage(canvas: tall, fonts: FontPool()).render(card, frameCount: 1)
        let framed = try #require(try inset.next())
        let rowsWithText = { (frame: VideoFrame) in
            (0..<640).filter { row in Self.luma(frame, columns: 0..<360, rows: row..<row + 1).contains { $0 != navy } }
        }
        let before = rowsWithText(whole), after = rowsWithText(framed)
        // The area is rows 90…416 and columns 22…338 (14 % and 35 % of 640, 6 % of 360, rounded outwards).
        #expect(
            try #require(after.first) >= 90 && #require(after.last) < 416,
            "rows \(after.first ?? 0)…\(after.last ?? 0), before \(before.first ?? 0)…\(before.last ?? 0)")
        let middle = { (rows: [Int]) in ((rows.first ?? 0) + (rows.last ?? 0)) / 2 }
        #expect(abs(middle(after) - 253) <= 6 && abs(middle(before) - 320) <= 6, "centred in the area, not in the frame")
        let columns = (0..<360).filter { column in
            (0..<640).contains { row in Int(framed.plane(0)[row * framed.stride(0) + column]) != navy }
        }
        #expect(try #require(columns.first) >= 22 && #require(columns.last) < 338)
    }

    @Test("a blurred backdrop shows the clip's frame, blurred and darkened, not the flat colour; the text still shows over it")
    func blurredBackdrop() throws {
        let folder = try TemporaryFolder()
        let url = try Self.clip(in: folder)
        let backdrop = CardBackdrop(path: url.path, identity: "clip", seconds: 0.5)
        let blurred = try picture(card("", backdrop: backdrop))
        let navy = Int(SRGBColour(Self.navy).bt709Limited.y)
        let corner = Self.luma(blurred, columns: 0..<320, rows: 0..<30)
        #expect(corner.filter { $0 == navy }.count < corner.count / 10, "the backdrop is not the card colour")
        // Yellow (luma ≈ 180) darkened to about 140/256 of its distance from black.
        let mean = Double(corner.reduce(0, +)) / Double(corner.count)
        #expect(mean > 80 && mean < 150, "mean luma \(mean)")
        // Blurred: neighbouring samples differ little anywhere.
        let rows = Self.luma(blurred, columns: 0..<320, rows: 90..<91)
        #expect(zip(rows, rows.dropFirst()).map { abs($0 - $1) }.max()! <= 6)

        let titled = try picture(card("Hello", backdrop: backdrop))
        let middle = (Self.luma(blurred, columns: 100..<220, rows: 70..<110), Self.luma(titled, columns: 100..<220, rows: 70..<110))
        #expect(middle.0 != middle.1, "the text shows over the backdrop")
        #expect(middle.1.max() == 235)
        #expect(Self.luma(titled, columns: 0..<320, rows: 0..<30) == corner, "away from the text the backdrop is untouched")
    }

    @Test("a backdrop that cannot be read fails like a clip, naming the file")
    func unreadableBackdrop() throws {
        let backdrop = CardBackdrop(path: "/nonexistent/IMG_0001.MOV", identity: "", seconds: 0)
        #expect { try picture(card("Hello", backdrop: backdrop)) } throws: { error in
            if case let RenderError.clipFailed(path, _) = error { path == backdrop.path } else { false }
        }
    }

    @Test("with background: blur the intro takes the first clip's first frame and the outro the last clip's last frame; the key follows")
    func backdropsInTheLayout() throws {
        let clip = { (name: String, start: Int) in
            SegmentSource.clip(
                ClipSource(path: "/lib/\(name).mov", identity: "digest-\(name)", startMilliseconds: start, frameCount: 60, day: "2024-12-01"))
        }
        let pieces = [.card(card("Hi")), clip("a", 500), clip("b", 1000), .card(card("Bye"))].enumerated().map { index, source in
            ReelLayout.Piece(source: source, day: nil, firstFrame: index * 60, endFrame: index * 60 + 60)
        }
        var both = pieces
        ReelLayout.placeBackdrops(in: &both, intro: true, outro: true, fps: 30)
        let backdrops = both.map { piece -> CardBackdrop? in if case let .card(card) = piece.source { card.backdrop } else { nil } }
        #expect(backdrops[0] == CardBackdrop(path: "/lib/a.mov", identity: "digest-a", seconds: 0.5))
        #expect(backdrops[3] == CardBackdrop(path: "/lib/b.mov", identity: "digest-b", seconds: 1 + 59.0 / 30))
        var introOnly = pieces
        ReelLayout.placeBackdrops(in: &introOnly, intro: true, outro: false, fps: 30)
        #expect(introOnly[0] == both[0] && introOnly[3] == pieces[3])
        let keys = try [pieces, both].map {
            try SegmentLayout.segments(clips: $0.map(\.source), joins: [Join](repeating: Join(style: .cut, frameCount: 0), count: 3), canvas: canvas)
                .map(\.key)
        }
        #expect(keys[0][0] != keys[1][0] && keys[0][1...2] == keys[1][1...2] && keys[0][3] != keys[1][3])
    }
}

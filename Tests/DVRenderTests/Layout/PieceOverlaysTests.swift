import DVMedia
import DVPlanning
import DVTestBasics
import Foundation
import Testing

@testable import DVRender

/// Which overlay items the layout gives a piece, and which show on which of its frames, with what text,
/// times and opacity.
@Suite("piece overlays")
struct PieceOverlaysTests {
    static func job(_ overlays: [Job.Overlay]) -> Job {
        Job(
            file: "/jobs/test.yaml", name: "test", library: Job.Library(paths: ["/media"]), timeframe: .month(year: 2024, month: 12),
            output: Job.Output(path: "/out/test.mp4"), overlays: overlays
        )
    }

    static func day(_ text: String, source: String? = nil, caption: String? = nil) -> PlannedDay {
        let date = CalendarDay(text)!
        var day = PlannedDay(date: date, status: .chosen, reason: "video 1 of 1", caption: caption)
        day.clip = .example(sourceDate: source.flatMap(CalendarDay.init) ?? date)
        return day
    }

    static func texts(_ overlays: PieceOverlays) -> [OverlayText] {
        overlays.items.compactMap { if case let .text(text) = $0 { text } else { nil } }
    }

    /// The smallest valid job with the `extra` keys, loaded in a scratch folder; it must be valid.
    static func loaded(_ extra: String) throws -> Job {
        let scratch = try TemporaryFolder("piece-overlays")
        _ = try scratch.subfolder("lib")
        let yaml = "version: 1\nlibrary: { paths: [lib] }\ntimeframe: { month: 2024-12 }\noutput: { path: out.mp4 }\n" + extra
        let result = JobLoader.load(text: yaml, file: "job.yaml", directory: scratch.url.path)
        #expect(result.diagnostics.isEmpty, "unexpected: \(result.diagnostics)")
        return try #require(result.job)
    }

    @Test("a date stamp shows the day in its pattern and locale on every frame")
    func dateStamp() {
        let overlays = PieceOverlays(job: Self.job([.date(Job.DateStamp())]), day: Self.day("2024-12-18"), firstFrame: 90, endFrame: 180, fps: 30)
        let texts = Self.texts(overlays)
        #expect(texts.map(\.text) == ["Wed, Dec 18"])
        #expect(texts[0].firstFrame == 0 && texts[0].endFrame == 90)
        let drawing = OverlayDrawing(overlays)
        #expect(drawing.visible(atFrame: 0).count == 1 && drawing.visible(atFrame: 89).count == 1)
        #expect(drawing.visible(atFrame: 90).isEmpty)
    }

    @Test("a timeline text shows on the piece's frames inside its range only, and not at all on pieces it misses")
    func timelineText() {
        let job = Self.job([.text(Job.TextOverlay(text: "Hello", start: .seconds(1), duration: .seconds(2)))])
        // Reel frames 30 ..< 90 are the text's; this piece covers 60 ..< 150.
        let overlays = PieceOverlays(job: job, day: Self.day("2024-12-02"), firstFrame: 60, endFrame: 150, fps: 30)
        let text = try! #require(Self.texts(overlays).first)
        #expect(text.firstFrame == 0 && text.endFrame == 30)
        let drawing = OverlayDrawing(overlays)
        #expect(drawing.visible(atFrame: 29).count == 1)
        #expect(drawing.visible(atFrame: 30).isEmpty)
        #expect(PieceOverlays(job: job, day: Self.day("2024-12-03"), firstFrame: 90, endFrame: 180, fps: 30).isEmpty)
        #expect(PieceOverlays(job: job, day: Self.day("2024-12-04"), firstFrame: 300, endFrame: 390, fps: 30).isEmpty, "a piece after the text")
        #expect(PieceOverlays(job: job, day: Self.day("2024-12-01"), firstFrame: 0, endFrame: 20, fps: 30).isEmpty, "a piece before the text")
        let open = Self.job([.text(Job.TextOverlay(text: "Hello", start: .seconds(4)))])
        let late = Self.texts(PieceOverlays(job: open, day: Self.day("2024-12-02"), firstFrame: 60, endFrame: 150, fps: 30))
        #expect(late.first?.firstFrame == 60 && late.first?.endFrame == 90)
    }

    @Test("a caption shows over the whole clip and fades in and out")
    func captionFades() {
        let overlays = PieceOverlays(job: Self.job([]), day: Self.day("2024-12-18", caption: "Birthday"), firstFrame: 0, endFrame: 90, fps: 30)
        let caption = try! #require(Self.texts(overlays).first)
        #expect(caption.text == "Birthday" && caption.fadeFrames == 8)
        let drawn = OverlayDrawing.Text(caption)
        let opacities = (0..<90).map { drawn.opacity(atFrame: $0) }
        #expect(opacities[0] > 0 && opacities[0] < 0.2)
        #expect(zip(opacities, opacities.dropFirst()).prefix(8).allSatisfy { $0 < $1 })
        #expect(opacities[8...81].allSatisfy { $0 == 1 })
        #expect(opacities[89] == opacities[0])
        #expect(drawn.opacity(atFrame: 90) == 0)
    }

    @Test("a video overlay keeps its place in the list, carries its file's content digest, and shows on every frame unless fully transparent")
    func videoOverlayInListOrder() {
        let rect = Job.UnitRect(x: 0.6, y: 0.6, width: 0.3, height: 0.3)
        let movie = Job.VideoOverlay(file: "/media/pip.mov", rect: rect, loop: false, opacity: 0.7)
        let job = Self.job([.date(Job.DateStamp()), .video(movie), .text(Job.TextOverlay(text: "top"))])
        let overlays = PieceOverlays(
            job: job, day: Self.day("2024-12-18"), firstFrame: 0, endFrame: 90, fps: 30, identities: ["/media/pip.mov": "digest-of-pip"])
        #expect(overlays.items.count == 3)
        #expect(overlays.items[1] == .video(OverlayVideo(file: "/media/pip.mov", identity: "digest-of-pip", rect: rect, loop: false, opacity: 0.7)))
        #expect(OverlayDrawing(overlays).visible(atFrame: 500).count == 1)
        var hidden = movie
        hidden.opacity = 0
        let none = PieceOverlays(job: Self.job([.video(hidden)]), day: Self.day("2024-12-18"), firstFrame: 0, endFrame: 90, fps: 30)
        #expect(none.items.count == 1 && OverlayDrawing(none).visible(atFrame: 0).isEmpty)
    }

    @Test("with a default font given, texts that name none (the date, the caption) carry its path and digest; a named font wins")
    func defaultFontIsNamed() {
        let job = Self.job([.date(Job.DateStamp()), .text(Job.TextOverlay(text: "own", font: "/fonts/own.ttf"))])
        var day = Self.day("2024-12-18")
        day.caption = "Birthday"
        let identities = ["/fonts/default.ttf": "digest-of-default", "/fonts/own.ttf": "digest-of-own"]
        let overlays = PieceOverlays(
            job: job, day: day, firstFrame: 0, endFrame: 90, fps: 30, identities: identities, defaultFont: "/fonts/default.ttf")
        let fonts = overlays.items.map { item -> OverlayFont? in if case let .text(text) = item { text.font } else { nil } }
        #expect(
            fonts == [
                OverlayFont(path: "/fonts/default.ttf", identity: "digest-of-default"),
                OverlayFont(path: "/fonts/own.ttf", identity: "digest-of-own"),
                OverlayFont(path: "/fonts/default.ttf", identity: "digest-of-default")
            ])
    }

    @Test("each caption is drawn over the frames its times cover, in its own look over the job's, cased")
    func drawnOverItsFrames() throws {
        var job = try Self.loaded(
            """

            captions: { case: title, fade: 0.1s }
            days:
              2024-12-18:
                captions:
                  - { text: HELLO there, start: 0.5s, end: 1s, color: "#FF0000" }
                  - { text: to the end, start: 2s, end: 5s, position: top }
                  - { text: never seen, start: 9s, end: 10s }
            """)
        let texts = Self.texts(PieceOverlays(job: job, day: Self.day("2024-12-18"), firstFrame: 300, endFrame: 390, fps: 30))
        #expect(texts.map(\.text) == ["Hello There", "To The End"])
        #expect(texts.map(\.firstFrame) == [15, 60] && texts.map(\.endFrame) == [30, 90])
        #expect(texts.map(\.fadeFrames) == [3, 3])
        #expect(texts[0].look.color == RGBAColor("#FF0000")! && texts[1].look.color == .white)
        #expect(texts[1].position == .anchor(.top) && texts[0].position == .anchor(.bottom))
        #expect(texts.allSatisfy { $0.align == nil && $0.size == 0.055 })
        job.captions.align = .right
        #expect(
            Self.texts(PieceOverlays(job: job, day: Self.day("2024-12-18"), firstFrame: 0, endFrame: 90, fps: 30)).allSatisfy { $0.align == .right })
    }

    @Test("the single caption keeps its look (and so its segments' identity) when captions: is left out")
    func singleCaptionUnchanged() throws {
        let job = try Self.loaded("")
        let text = try #require(
            Self.texts(PieceOverlays(job: job, day: Self.day("2024-12-18", caption: "Birthday"), firstFrame: 0, endFrame: 90, fps: 30)).first)
        let expected = OverlayText(
            text: "Birthday", position: .anchor(.bottom), size: 0.055,
            look: Job.TextStyle(
                color: .white, shadow: RGBAColor(red: 0, green: 0, blue: 0, alpha: 160), box: RGBAColor(red: 0, green: 0, blue: 0, alpha: 96)),
            firstFrame: 0, endFrame: 90, fadeFrames: 8
        )
        #expect(text == expected)
        let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        #expect(!encoded.contains("align"), "an unaligned text encodes as before: \(encoded)")
    }
}

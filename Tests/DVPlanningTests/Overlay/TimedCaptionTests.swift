import DVPlanning
import Foundation
import Testing

/// `days.<date>.captions` and `captions:`: read from the job, checked for overlaps, turned into the texts
/// drawn on a piece's frames and into subtitle cues with their own times.
@Suite("Timed captions")
struct TimedCaptionTests {
    static let day = CalendarDay("2024-12-18")!

    static func planned(caption: String? = nil) -> PlannedDay {
        PlannedDay(date: day, status: .chosen, reason: "video 1 of 1", caption: caption)
    }

    static func texts(_ overlays: PieceOverlays) -> [OverlayText] {
        overlays.items.compactMap { if case let .text(text) = $0 { text } else { nil } }
    }

    @Test("captions are read with their times, look and the job's defaults, in time order")
    func readWithDefaults() throws {
        let job = try #require(validJob(minimalJob + """

            captions: { size: 0.08, align: left, case: upper, color: "#FFFF00", background: none, fade: 0s }
            days:
              2024-12-18:
                captions:
                  - { text: later one, start: 2s }
                  - { text: "first\\nline", start: 0.5s, end: 1.5s, position: top, color: "#FF0000", background: "#00000080", size: 0.1 }
            """))
        #expect(job.captions == Job.CaptionStyle(size: 0.08, align: .left, letterCase: .upper, color: RGBAColor("#FFFF00")!, background: nil, fade: .zero))
        let captions = try #require(job.days[Self.day]?.captions)
        #expect(captions.map(\.text) == ["first\nline", "later one"])
        #expect(captions[0] == Job.TimedCaption(
            text: "first\nline", start: TimeSpan(milliseconds: 500), end: TimeSpan(milliseconds: 1500), position: .anchor(.top),
            color: RGBAColor("#FF0000"), background: RGBAColor("#00000080"), size: 0.1
        ))
        #expect(captions[1].end == nil && captions[1].position == nil)
    }

    @Test("two captions of one day that would show at once are an error at each, naming the other's line")
    func overlapsAreErrorsAtBoth() {
        let (result, marked) = load(minimalJob + """

            days:
              2024-12-18:
                captions:
                  - 1️⃣{ text: one, start: 0s, end: 2s }
                  - { text: apart, start: 2s, end: 2.5s }
                  - 2️⃣{ text: two, start: 1.5s, end: 1.9s }
            """)
        let first = marked.location("1️⃣"), second = marked.location("2️⃣")
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location) == [first, second], "\(result.diagnostics)")
        #expect(errors.first?.message.contains("overlaps the one at \(second)") == true, "\(errors)")
        #expect(errors.last?.message.contains("overlaps the one at \(first)") == true, "\(errors)")
        #expect(result.job == nil)
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { captions: [1️⃣{ text: open }, { text: x, start: 5s, end: 6s }] } }", containing: "overlaps")
    }

    @Test("a caption that ends before it starts, caption beside captions and unknown keys are located errors")
    func otherMistakes() {
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { captions: [{ text: x, start: 2s, end: 1️⃣1s }] } }", containing: "ends (1s) before it starts (2s)")
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { caption: x, 1️⃣captions: [{ text: y }] } }", containing: "both caption and captions")
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { captions: [{ text: x, 1️⃣colour: \"#FFFFFF\" }] } }", containing: "did you mean 'color'?")
        expectDiagnostic(minimalJob + "\ncaptions: { case: 1️⃣capitals }", containing: "upper")
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { captions: 1️⃣{ text: x } } }", containing: "must be a list")
    }

    @Test("each caption is drawn over the frames its times cover, in its own look over the job's, cased")
    func drawnOverItsFrames() throws {
        var job = try #require(validJob(minimalJob + """

            captions: { case: title, fade: 0.1s }
            days:
              2024-12-18:
                captions:
                  - { text: HELLO there, start: 0.5s, end: 1s, color: "#FF0000" }
                  - { text: to the end, start: 2s, end: 5s, position: top }
                  - { text: never seen, start: 9s, end: 10s }
            """))
        let texts = Self.texts(PieceOverlays(job: job, day: Self.planned(), firstFrame: 300, endFrame: 390, fps: 30))
        #expect(texts.map(\.text) == ["Hello There", "To The End"])
        #expect(texts.map(\.firstFrame) == [15, 60] && texts.map(\.endFrame) == [30, 90])
        #expect(texts.map(\.fadeFrames) == [3, 3])
        #expect(texts[0].look.color == RGBAColor("#FF0000")! && texts[1].look.color == .white)
        #expect(texts[1].position == .anchor(.top) && texts[0].position == .anchor(.bottom))
        #expect(texts.allSatisfy { $0.align == nil && $0.size == 0.055 })
        job.captions.align = .right
        #expect(Self.texts(PieceOverlays(job: job, day: Self.planned(), firstFrame: 0, endFrame: 90, fps: 30)).allSatisfy { $0.align == .right })
    }

    @Test("the single caption keeps its look (and so its segments' identity) when captions: is left out")
    func singleCaptionUnchanged() throws {
        let job = try #require(validJob(minimalJob))
        let text = try #require(Self.texts(PieceOverlays(job: job, day: Self.planned(caption: "Birthday"), firstFrame: 0, endFrame: 90, fps: 30)).first)
        let expected = OverlayText(
            text: "Birthday", position: .anchor(.bottom), size: 0.055,
            look: Job.TextLook(color: .white, shadow: RGBAColor(red: 0, green: 0, blue: 0, alpha: 160), box: RGBAColor(red: 0, green: 0, blue: 0, alpha: 96)),
            firstFrame: 0, endFrame: 90, fadeFrames: 8
        )
        #expect(text == expected)
        let encoded = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
        #expect(!encoded.contains("align"), "an unaligned text encodes as before: \(encoded)")
    }

    @Test("subtitles cut the day's cue at each caption's start and end; the date stays in every cue")
    func subtitleCuesFollowCaptions() throws {
        let job = try #require(validJob(minimalJob + """

            captions: { case: upper }
            days:
              2024-12-18:
                captions:
                  - { text: one, start: 0.5s, end: 1s }
                  - { text: two, start: 2s }
            """))
        let pieces = [SubtitleTrack.Piece(day: Self.planned(), firstFrame: 0, endFrame: 90)]
        let cues = SubtitleTrack.cues(job: job, pieces: pieces, fps: 30)
        #expect(cues == [
            SubtitleCue(startMilliseconds: 0, endMilliseconds: 500, text: "Wed, Dec 18"),
            SubtitleCue(startMilliseconds: 500, endMilliseconds: 1000, text: "Wed, Dec 18\nONE"),
            SubtitleCue(startMilliseconds: 1000, endMilliseconds: 2000, text: "Wed, Dec 18"),
            SubtitleCue(startMilliseconds: 2000, endMilliseconds: 3000, text: "Wed, Dec 18\nTWO"),
        ])
    }

    @Test("letter cases: as written, all capitals, capitalised words (after any white space), small")
    func letterCases() {
        let text = "grandma's 80th\nbIRTHDAY party"
        #expect(Job.LetterCase.asIs.apply(to: text) == text)
        #expect(Job.LetterCase.upper.apply(to: text) == "GRANDMA'S 80TH\nBIRTHDAY PARTY")
        #expect(Job.LetterCase.title.apply(to: text) == "Grandma's 80th\nBirthday Party")
        #expect(Job.LetterCase.lower.apply(to: text) == "grandma's 80th\nbirthday party")
    }
}

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
        let job = try #require(
            validJob(
                minimalJob + """

                    captions: { size: 0.08, align: left, case: upper, color: "#FFFF00", background: none, fade: 0s }
                    days:
                      2024-12-18:
                        captions:
                          - { text: later one, start: 2s }
                          - { text: "first\\nline", start: 0.5s, end: 1.5s, position: top, color: "#FF0000", background: "#00000080", size: 0.1 }
                    """))
        #expect(
            job.captions == Job.CaptionStyle(size: 0.08, align: .left, letterCase: .upper, color: RGBAColor("#FFFF00")!, background: nil, fade: .zero)
        )
        let captions = try #require(job.days[Self.day]?.captions)
        #expect(captions.map(\.text) == ["first\nline", "later one"])
        #expect(
            captions[0]
                == Job.TimedCaption(
                    text: "first\nline", start: TimeSpan(milliseconds: 500), end: TimeSpan(milliseconds: 1500), position: .anchor(.top),
                    color: RGBAColor("#FF0000"), background: RGBAColor("#00000080"), size: 0.1
                ))
        #expect(captions[1].end == nil && captions[1].position == nil)
    }

    @Test("two captions of one day that would show at once are an error at each, naming the other's line")
    func overlapsAreErrorsAtBoth() {
        let (result, marked) = load(
            minimalJob + """

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
        expectDiagnostic(
            minimalJob + "\ndays: { 2024-12-18: { captions: [1️⃣{ text: open }, { text: x, start: 5s, end: 6s }] } }", containing: "overlaps")
    }

    @Test("a caption that ends before it starts, caption beside captions and unknown keys are located errors")
    func otherMistakes() {
        expectDiagnostic(
            minimalJob + "\ndays: { 2024-12-18: { captions: [{ text: x, start: 2s, end: 1️⃣1s }] } }", containing: "ends (1s) before it starts (2s)")
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { caption: x, 1️⃣captions: [{ text: y }] } }", containing: "both caption and captions")
        expectDiagnostic(
            minimalJob + "\ndays: { 2024-12-18: { captions: [{ text: x, 1️⃣colour: \"#FFFFFF\" }] } }", containing: "did you mean 'color'?")
        expectDiagnostic(minimalJob + "\ncaptions: { case: 1️⃣capitals }", containing: "upper")
        expectDiagnostic(minimalJob + "\ndays: { 2024-12-18: { captions: 1️⃣{ text: x } } }", containing: "must be a list")
    }

    @Test("subtitles cut the day's cue at each caption's start and end; the date stays in every cue")
    func subtitleCuesFollowCaptions() throws {
        let job = try #require(
            validJob(
                minimalJob + """

                    captions: { case: upper }
                    days:
                      2024-12-18:
                        captions:
                          - { text: one, start: 0.5s, end: 1s }
                          - { text: two, start: 2s }
                    """))
        let pieces = [SubtitleTrack.Piece(day: Self.planned(), firstFrame: 0, endFrame: 90)]
        let cues = SubtitleTrack.cues(job: job, pieces: pieces, fps: 30)
        #expect(
            cues == [
                SubtitleCue(startMilliseconds: 0, endMilliseconds: 500, text: "Wed, Dec 18"),
                SubtitleCue(startMilliseconds: 500, endMilliseconds: 1000, text: "Wed, Dec 18\nONE"),
                SubtitleCue(startMilliseconds: 1000, endMilliseconds: 2000, text: "Wed, Dec 18"),
                SubtitleCue(startMilliseconds: 2000, endMilliseconds: 3000, text: "Wed, Dec 18\nTWO")
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

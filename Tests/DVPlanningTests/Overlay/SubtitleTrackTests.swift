import DVPlanning
import Testing

/// Subtitle cues from the reel's pieces, and their SubRip text.
@Suite("subtitle track")
struct SubtitleTrackTests {
    @Test("each day's clip gets its date and caption, cues meet mid-transition and skip cards; SRT is exact")
    func cuesAndSRT() {
        let job = Job(
            file: "/jobs/test.yaml", name: "test", library: Job.Library(paths: ["/media"]), timeframe: .month(year: 2024, month: 12),
            output: Job.Output(path: "/out/test.mp4"), overlays: [.date(Job.DateStamp(format: "MMM d"))]
        )
        let pieces = [
            SubtitleTrack.Piece(day: nil, firstFrame: 0, endFrame: 60),
            SubtitleTrack.Piece(day: DateStampTextTests.day("2024-12-17"), firstFrame: 45, endFrame: 135),
            SubtitleTrack.Piece(day: DateStampTextTests.day("2024-12-18", caption: "Birthday"), firstFrame: 120, endFrame: 210)
        ]
        let cues = SubtitleTrack.cues(job: job, pieces: pieces, fps: 30)
        #expect(
            cues == [
                SubtitleCue(startMilliseconds: 1_733, endMilliseconds: 4_233, text: "Dec 17"),
                SubtitleCue(startMilliseconds: 4_233, endMilliseconds: 7_000, text: "Dec 18\nBirthday")
            ])
        #expect(SubtitleTrack.srt(cues) == "1\n00:00:01,733 --> 00:00:04,233\nDec 17\n\n2\n00:00:04,233 --> 00:00:07,000\nDec 18\nBirthday\n")
    }
}

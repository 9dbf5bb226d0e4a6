/// One subtitle: a text shown from `start` to `end` on the reel's clock, in milliseconds.
public struct SubtitleCue: Sendable, Hashable, Codable {
    public var startMilliseconds: Int
    public var endMilliseconds: Int
    public var text: String

    public init(startMilliseconds: Int, endMilliseconds: Int, text: String) {
        self.startMilliseconds = startMilliseconds
        self.endMilliseconds = endMilliseconds
        self.text = text
    }
}

/// The reel's subtitles: each day's date (in the job's first date overlay's pattern and locale) and its
/// caption, shown while the day's clip is. Neighbouring cues meet in the middle of their transition,
/// so they never overlap.
public enum SubtitleTrack {
    /// One piece of the reel in output frames: the day it stands for (nil for a card).
    public struct Piece: Sendable, Hashable {
        public var day: PlannedDay?
        public var firstFrame: Int
        public var endFrame: Int

        public init(day: PlannedDay?, firstFrame: Int, endFrame: Int) {
            self.day = day
            self.firstFrame = firstFrame
            self.endFrame = endFrame
        }
    }

    /// The cues for `pieces` in timeline order at `fps`.
    public static func cues(job: Job, pieces: [Piece], fps: Int) -> [SubtitleCue] {
        let stamp = job.overlays.lazy.compactMap { if case let .date(stamp) = $0 { stamp } else { nil } }.first ?? Job.DateStamp()
        let milliseconds = { (frame: Int) in (frame * 1000 + fps / 2) / fps }
        return pieces.indices.compactMap { index in
            guard let day = pieces[index].day else { return nil }
            let start = index > 0 ? (pieces[index - 1].endFrame + pieces[index].firstFrame) / 2 : pieces[index].firstFrame
            let end = index + 1 < pieces.count ? (pieces[index].endFrame + pieces[index + 1].firstFrame) / 2 : pieces[index].endFrame
            let date = PieceOverlays.dateText(stamp, day: day)
            let text = day.caption.map { $0.isEmpty ? date : date + "\n" + $0 } ?? date
            return SubtitleCue(startMilliseconds: milliseconds(start), endMilliseconds: milliseconds(end), text: text)
        }
    }

    /// `cues` as a SubRip (`.srt`) file: numbered cues, `HH:MM:SS,mmm` times, `\n` line ends.
    public static func srt(_ cues: [SubtitleCue]) -> String {
        cues.enumerated().map { index, cue in
            "\(index + 1)\n\(timestamp(cue.startMilliseconds)) --> \(timestamp(cue.endMilliseconds))\n\(cue.text)\n"
        }.joined(separator: "\n")
    }

    private static func timestamp(_ milliseconds: Int) -> String {
        let two = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        let fraction = milliseconds % 1000
        let three = fraction < 10 ? "00\(fraction)" : fraction < 100 ? "0\(fraction)" : "\(fraction)"
        let seconds = milliseconds / 1000
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)),\(three)"
    }
}

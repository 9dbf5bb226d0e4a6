/// The reel's subtitles: each day's date (in the job's first date overlay's pattern and locale), shown
/// while the day's clip is, with its caption under it, or each of its timed captions while that caption
/// shows (the day's time is then cut into cues at the captions' starts and ends). Neighbouring days' cues
/// meet in the middle of their transition, so cues never overlap.
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
        return pieces.indices.flatMap { index -> [SubtitleCue] in
            let piece = pieces[index]
            guard let day = piece.day else { return [] }
            let start = index > 0 ? (pieces[index - 1].endFrame + piece.firstFrame) / 2 : piece.firstFrame
            let end = index + 1 < pieces.count ? (piece.endFrame + pieces[index + 1].firstFrame) / 2 : piece.endFrame
            let date = stamp.text(for: day)
            var cues: [SubtitleCue] = []
            var cursor = start
            let cue = { (from: Int, to: Int, text: String) in
                cues.append(SubtitleCue(startMilliseconds: milliseconds(from), endMilliseconds: milliseconds(to), text: text))
            }
            for caption in job.captions(on: day) {
                guard let shown = caption.frames(fps: fps, clipFrames: piece.endFrame - piece.firstFrame) else { continue }
                let first = max(cursor, piece.firstFrame + shown.lowerBound), last = min(end, piece.firstFrame + shown.upperBound)
                guard first < last else { continue }
                if cursor < first { cue(cursor, first, date) }
                cue(first, last, date + "\n" + job.captions.letterCase.apply(to: job.filledText(of: caption, on: day)))
                cursor = last
            }
            if cursor < end { cue(cursor, end, date) }
            return cues
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

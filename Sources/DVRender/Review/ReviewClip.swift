import DVPlanning

/// One clip as the review page shows it: the day's chosen clip, another candidate or a nearby day's clip.
package struct ReviewClip: Sendable, Hashable {
    /// Why it stands where it does (`video 1 of 3`, `pinned from 2024-12-06`).
    package var reason: String
    package var people: [String]
    package var rating: Int?
    package var isFavourite: Bool
    package var score: Double?
    /// True when the day's pin names it.
    package var isPinned: Bool
    package var media = ReviewMedia()
    /// The clip as the plan has (or would have) it: its file, window and kind, and what its previews show.
    package var clip: PlannedClip

    /// The path as a job's `days.<date>.pin` names it (the candidate's `data-file`).
    package var file: String { clip.file }
    /// The absolute path, to decode it.
    package var path: String { clip.path }
    package var kind: ClipKind { clip.kind }
    /// The day it was filmed.
    package var sourceDate: CalendarDay { clip.sourceDate }
    /// Where its window starts in the file, and how much of the file it takes.
    package var start: TimeSpan { clip.start }
    package var sourceDuration: TimeSpan { clip.sourceDuration }
    /// The whole clip's length (a photo's: its window).
    package var length: TimeSpan { clip.clipLength }

    /// The day's chosen clip, as the plan shows it.
    package init(chosen clip: PlannedClip, day: PlannedDay) {
        self.init(clip, reason: day.reason, people: clip.people ?? [], rating: clip.rating, isFavourite: false, score: clip.moment?.score)
        isPinned = day.status == .pinned
    }

    /// A candidate the planner offers for a day.
    package init(candidate: ReviewCandidate) {
        self.init(
            candidate.clip, reason: candidate.reason, people: candidate.people, rating: candidate.rating, isFavourite: candidate.isFavourite,
            score: candidate.score)
    }

    private init(_ clip: PlannedClip, reason: String, people: [String], rating: Int?, isFavourite: Bool, score: Double?) {
        self.clip = clip
        self.reason = reason
        self.people = people
        self.rating = rating
        self.isFavourite = isFavourite
        self.score = score
        isPinned = false
    }

    /// The latest start that still leaves the window inside the clip: the start control's end.
    package var maximumStart: TimeSpan {
        kind.isMovie && length > sourceDuration ? length - sourceDuration : .zero
    }
}

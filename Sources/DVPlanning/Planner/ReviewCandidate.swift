/// A clip the review page offers for a day instead of the plan's: the day's own, or a nearby day's that a
/// pin may take, with its window as the day would take it and why it ranks where it does.
public struct ReviewCandidate: Sendable, Hashable {
    /// The clip as the day would show it (`file` is the path a pin names).
    public var clip: PlannedClip
    /// Why it ranks there, as the plan says it: `video 2 of 3 · Anna, ★4`.
    public var reason: String
    /// Who its metadata names, whether or not the job names clips.
    public var people: [String]
    /// Its rating, when its metadata gives one.
    public var rating: Int?
    /// True when its metadata marks it a favourite.
    public var isFavourite: Bool
    /// Its best window's score (`order: best`, `start: auto`) or its photo score, when it was judged.
    public var score: Double?
}

/// One day's other choices for the review page: its own candidates and nearby days' clips, best first.
public struct DayCandidates: Sendable, Hashable {
    public var date: CalendarDay
    /// The day's own clips other than those the plan shows, best first.
    public var others: [ReviewCandidate]
    /// Clips of days up to `Planner.nearbyDays` away that no day shows, nearest day first, each day's best
    /// first: only when the day has fewer own candidates than the limit asks.
    public var nearby: [ReviewCandidate]
}

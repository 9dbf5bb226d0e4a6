/// Chooses the clip that stands for each day of a job's timeframe and lays the reel out in time.
///
/// Pure and deterministic: the same index and rules give the same plan, with no file access and no clock.
/// Per day, in order (job format, "Choosing one clip per day"):
/// 1. `skip` → the day is left out;
/// 2. a pin whose file is in the index and usable → that file (`pinned`, or `pinned from DATE` when filmed on
///    another day), a still being a photo; a pin to a missing or broken file is a warning and the day falls back;
/// 3. the day's own clips by `prefer`, then `order`, never a file pinned to another day (`video 1 of 3`); a
///    photo's day shows up to `clips.photo.count` of its photos (`3 photos of 12`);
/// 4. otherwise `no media`.
/// The index is grouped by capture day once, so a year over a 20,000-file library plans in well under a second.
public enum Planner {
    /// The plan for `rules` over the media `index`.
    public static func plan(index: [MediaEntry], rules: PlanningRules) -> Plan {
        var session = PlanningSession(index: index, rules: rules)
        return session.makePlan()
    }

    /// The absolute paths of the clips whose analysis (`MomentScores`) a plan of `rules` would use, in
    /// path order: none unless the job asks for `order: best` or `start: auto`.
    public static func clipsWantingMoments(index: [MediaEntry], rules: PlanningRules) -> [String] {
        rules.wantsMoments ? PlanningSession(index: index, rules: rules).clipsWantingMoments() : []
    }

    /// The absolute paths of the photos whose score (`PlanningRules.photoScores`) a plan of `rules` would
    /// use, in path order: none unless the job asks for `order: best` or `clips.photo.count` above 1, and
    /// only of days that show a photo they chose among several. A photo without a score ranks after those
    /// with, in capture order.
    public static func photosWantingScores(index: [MediaEntry], rules: PlanningRules) -> [String] {
        rules.order == .best || rules.photos.count > 1 ? PlanningSession(index: index, rules: rules).photosWantingScores() : []
    }

    /// How many days either side of a day the review page looks for clips a pin may take.
    public static let nearbyDays = 3

    /// For the review page only (no plan changes): each day of `plan` (made by `rules` over `index`) with up
    /// to `limit` other candidates, best first by the plan's own ranking, and, when it has fewer than
    /// `limit`, clips of the days up to `nearbyDays` away that no day shows, to fill up to `limit`.
    public static func reviewCandidates(index: [MediaEntry], rules: PlanningRules, plan: Plan, limit: Int = 4) -> [DayCandidates] {
        PlanningSession(index: index, rules: rules).reviewCandidates(for: plan, limit: max(0, limit), reach: nearbyDays)
    }
}

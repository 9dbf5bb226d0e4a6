extension PlanningSession {
    /// Each day's other choices for `plan` (made by this session's rules): up to `limit` of the day's own
    /// clips the plan does not show, best first, then nearby days' clips up to `limit` in all. Uses a copy of
    /// the session, so no warning of these trims reaches a plan.
    func reviewCandidates(for plan: Plan, limit: Int, reach: Int) -> [DayCandidates] {
        var session = self
        let shown = Set(plan.days.flatMap(\.paths))
        return plan.days.map { day in
            let own = session.candidates(on: day.date, avoiding: shown).prefix(limit)
            let others = own.map { session.reviewCandidate($0.clip, reason: $0.reason, on: day.date) }
            var nearby: [ReviewCandidate] = []
            if others.count < limit {
                let nearest = (1...max(1, reach)).flatMap { [day.date.adding(days: -$0), day.date.adding(days: $0)] }
                for source in nearest where nearby.count < limit - others.count {
                    for found in session.candidates(on: source, avoiding: shown).prefix(limit - others.count - nearby.count) {
                        nearby.append(session.reviewCandidate(found.clip, reason: "\(found.reason) on \(source)", on: day.date))
                    }
                }
            }
            return DayCandidates(date: day.date, others: others, nearby: nearby)
        }
    }

    /// `clip` as `day` would take it, with its annotations and score.
    private mutating func reviewCandidate(_ clip: Clip, reason: String, on day: CalendarDay) -> ReviewCandidate {
        let settings = rules.daySettings[day]
        let speed = clip.kind.isMovie ? rules.pace.speed(frameRate: clip.frameRate, daySpeed: settings?.speed) : .realTime
        let trim = trimmed(clip, on: day, start: nil, duration: nil, speed: speed)
        let annotations = annotations(of: clip)
        let score = clip.kind.isMovie ? trim.moment?.score : rules.photoScores[clip.entry.path]
        return ReviewCandidate(
            clip: plannedClip(clip, trim: trim), reason: reason, people: Job.MetadataFilter.peopleNames(in: annotations),
            rating: annotations.rating, isFavourite: annotations.isFavourite, score: score)
    }
}

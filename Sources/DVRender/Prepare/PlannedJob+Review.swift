import DVPlanning

extension PlannedJob {
    /// Each day's other candidates and nearby days' clips for the review page, up to `limit` a day, best
    /// first (`Planner.reviewCandidates`); the plan itself is unchanged.
    package func reviewCandidates(limit: Int) -> [DayCandidates] {
        Planner.reviewCandidates(index: planning.index, rules: planning.rules, plan: plan, limit: limit)
    }
}

import DVPlanning

/// What `dvpipe review` shows: every day of the timeframe with its chosen clip and why, its other
/// candidates best first, and nearby days' clips a pin may take, laid out as calendar months.
package struct ReviewPage: Sendable {
    /// One day of the timeframe.
    package struct Day: Sendable, Hashable {
        package var date: CalendarDay
        package var status: DayStatus
        /// The plan's reason for the day (`video 1 of 3`, `skipped`, `no media`).
        package var reason: String
        package var caption: String?
        package var chosen: ReviewClip?
        /// The day's own other clips, best first.
        package var others: [ReviewClip]
        /// Nearby days' clips a pin may take, nearest day first.
        package var nearby: [ReviewClip]

        package init(
            date: CalendarDay, status: DayStatus, reason: String, caption: String? = nil, chosen: ReviewClip? = nil, others: [ReviewClip],
            nearby: [ReviewClip]
        ) {
            self.date = date
            self.status = status
            self.reason = reason
            self.caption = caption
            self.chosen = chosen
            self.others = others
            self.nearby = nearby
        }

        /// Every clip of the day, the chosen one first.
        package var clips: [ReviewClip] { [chosen].compactMap { $0 } + others + nearby }
    }

    /// The job's name, as the changes file's `job:` names it.
    package var jobName: String
    /// The job file as the command was given it, for the changes file's header.
    package var jobFile: String
    package var days: [Day]

    package init(jobName: String, jobFile: String, days: [Day]) {
        self.jobName = jobName
        self.jobFile = jobFile
        self.days = days
    }

    /// The page of `planned`, with up to `candidates` other clips a day (no media yet).
    package init(planned: PlannedJob, jobFile: String, candidates: Int) {
        jobName = planned.job.name
        self.jobFile = jobFile
        let offered = Dictionary(planned.reviewCandidates(limit: candidates).map { ($0.date, $0) }) { first, _ in first }
        days = planned.plan.days.map { day in
            let more = offered[day.date]
            return Day(
                date: day.date, status: day.status, reason: day.reason, caption: day.caption,
                chosen: day.status.hasClip ? day.clip.map { ReviewClip(chosen: $0, day: day) } : nil,
                others: more?.others.map(ReviewClip.init(candidate:)) ?? [], nearby: more?.nearby.map(ReviewClip.init(candidate:)) ?? [])
        }
    }

    /// The calendar months the timeframe covers, first to last.
    package var months: [MonthGrid] {
        guard let first = days.first?.date, let last = days.last?.date else { return [] }
        return MonthGrid.months(from: first, through: last)
    }
}

/// A row of a plan as the summaries (`plan`'s table, `plan --format markdown`) show it: a day, or a run of
/// two or more days in a row without media, which a long timeframe over a sparse library has by the
/// thousand. `plan --json` keeps every day.
public enum PlanRow: Sendable, Hashable {
    case day(PlannedDay)
    case withoutMedia(DayRange)

    /// The plan's days, each run of two or more `no media` days in a row taken as one row.
    public static func rows(of plan: Plan) -> [PlanRow] {
        var rows: [PlanRow] = []
        var run: [PlannedDay] = []
        func endRun() {
            if run.count >= 2 {
                rows.append(.withoutMedia(DayRange(run[0].date, run[run.count - 1].date)))
            } else {
                rows += run.map(PlanRow.day)
            }
            run = []
        }
        for day in plan.days {
            let continuesRun = day.status == .noMedia && run.last.map { $0.date.adding(days: 1) == day.date } ?? true
            if !continuesRun { endRun() }
            if day.status == .noMedia {
                run.append(day)
            } else {
                rows.append(.day(day))
            }
        }
        endRun()
        return rows
    }

    /// `2017-01-01 – 2017-04-16, 106 days, no media`: a run's row as one line.
    static func runText(_ run: DayRange) -> String {
        "\(run.spanText), \(run.count) days, \(DayStatus.noMediaReason)"
    }
}

/// The plan as a GitHub-flavoured Markdown table, for a CI job's step summary (`dvpipe plan --format
/// markdown >> "$GITHUB_STEP_SUMMARY"`): the table's columns (a run of days without media in one row), then the warnings, the files that cannot be
/// used and the totals.
public enum PlanMarkdown {
    public static func render(_ plan: Plan, title: String) -> String {
        let header = ["Date", "Day", "File", "Kind", "Why", "Clip", "Day from"]
        var lines = ["### \(escaped(title))", "", row(header), row(header.map { _ in "---" })]
        for planRow in PlanRow.rows(of: plan) {
            switch planRow {
            case .day(let day): lines.append(row(PlanTable.cells(for: day).map(escaped)))
            case .withoutMedia(let run): lines.append(row([run.spanText, "\(run.count) days", "—", "", DayStatus.noMediaReason, "", ""]))
            }
        }
        let short = plan.shortPieceSentences
        if !short.isEmpty {
            lines += ["", "**Short pieces** (a transition takes at most half of a piece, down to a cut; a piece is at least 1 frame)", ""]
            lines += short.map { "- " + escaped($0) }
        }
        let warnings = plan.warnings.filter { $0.code != .unreadableFile }
        if !warnings.isEmpty {
            lines += ["", "**Warnings**", ""] + warnings.map { "- " + escaped($0.description) }
        }
        if !plan.unreadable.isEmpty {
            lines += ["", "**Unreadable files** (never chosen)", ""]
            lines += plan.unreadable.map { "- `\($0.file)` (\($0.dayText)): " + escaped($0.reason) }
        }
        lines += ["", "Totals: " + PlanTable.sentence(plan.totals)]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }

    /// `text` safe in a table cell or a list item: pipes, backslashes and angle brackets escaped, line breaks spaced.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\n", with: " ")
    }
}

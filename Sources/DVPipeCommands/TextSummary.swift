import DVPlanning
import DVRender

/// The Texts section of `dvpipe plan`, and its `texts` field in `--json`: where each output's texts go and
/// why any moved, for outputs with a safe area or with a text that moved or could not be placed.
enum TextSummary {
    /// The outputs worth showing, by output name, for `plan --json`; empty when none is.
    static func outputs(_ planned: PlannedJob, observer: ProgressPrinter) -> [String: TextPlan] {
        let plans = planned.textPlans(observer: observer).filter(\.texts.isWorthShowing)
        observer.finishLine()
        return Dictionary(plans.map { ($0.output.name, $0.texts) }, uniquingKeysWith: { first, _ in first })
    }

    /// The section: per output worth showing, its size and safe area once, then one line per day whose texts
    /// moved or could not be placed; empty when no output is worth showing.
    static func text(_ planned: PlannedJob, observer: ProgressPrinter) -> String {
        let plans = planned.textPlans(observer: observer)
        observer.finishLine()
        var lines: [String] = []
        for (output, texts) in plans where texts.isWorthShowing {
            lines.append("")
            let name = plans.count > 1 ? ", \(output.name)" : ""
            lines.append("Texts\(name) (\(texts.width)×\(texts.height), safe area \(texts.safeArea?.description ?? "none")):")
            let changed = texts.changedDays
            if changed.isEmpty {
                lines.append("  every text stays where its anchor puts it")
            }
            for day in changed {
                let moved = day.texts.filter { $0.why != nil }.map { text in
                    "\(text.item) at \(text.x),\(text.y) \(text.width)×\(text.height): \(text.why ?? "")"
                }
                lines.append("  \(day.date)  " + moved.joined(separator: "; "))
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}

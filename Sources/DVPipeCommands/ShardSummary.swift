import DVRender

/// The shares `render --shard K/N` would take, as `plan --shards N` prints them: for each shard its
/// segments, the days they show and its estimated time.
enum ShardSummary {
    static func text(_ assignment: ShardAssignment, segments: [SegmentSpec]) -> String {
        let mean = assignment.loads.reduce(0, +) / Double(max(1, assignment.loads.count))
        var lines = [
            "",
            "Shards (\(assignment.loads.count), balanced by estimated cost; slowest ÷ mean \(String(format: "%.2f", (assignment.loads.max() ?? 0) / max(mean, 1))))"
        ]
        for (offset, load) in assignment.loads.enumerated() {
            let owned = segments.filter { assignment.owners[$0.position] == offset + 1 }
            var days: [String] = []
            for day in owned.flatMap(\.clips).map(\.day) where !days.contains(day) {
                days.append(day)
            }
            let shown = days.count > 6 ? days.prefix(6).joined(separator: ", ") + ", …" : days.joined(separator: ", ")
            lines.append(
                "  \(offset + 1)/\(assignment.loads.count): \(owned.count) segment\(owned.count == 1 ? "" : "s"), ~\(String(format: "%.1f", ShardAssignment.estimatedSeconds(load))) s\(shown.isEmpty ? "" : " (\(shown))")"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

import DVPlanning
import DVRender
import Foundation

/// The lines printed at the end of a render: what was written, which days are in it, which are not and
/// why, and how much work was reused.
enum RunSummary {
    /// `segments: 2 rendered, 24 reused (of 26); reused from: work folder 20, cache 4`.
    static func segmentsLine(_ report: SegmentsReport) -> String {
        let line = "segments: \(report.renderedCount) rendered, \(report.reusedCount) reused (of \(report.layout.segments.count))"
        let origins = [SegmentOrigin.workFolder, .cache, .store, .otherProcess].compactMap { origin in
            report.reusedFrom[origin].map { "\(origin.rawValue) \($0)" }
        }
        return origins.isEmpty ? line : "\(line); reused from: \(origins.joined(separator: ", "))"
    }

    /// `segment store: 24 segments downloaded (3.2 MB at 41.0 MB/s), 2 uploaded`; nil without a store.
    static func storeLine(_ store: RemoteSegmentStore?) -> String? {
        guard let traffic = store?.traffic else { return nil }
        var line = "segment store: \(traffic.downloaded) segment\(traffic.downloaded == 1 ? "" : "s") downloaded"
        if traffic.downloaded > 0 {
            let rate = Double(traffic.bytesDownloaded) / max(traffic.secondsDownloading, 1e-6) / 1e6
            line += " (\(byteText(traffic.bytesDownloaded)) at \(String(format: "%.1f", rate)) MB/s)"
        }
        line += store?.settings.readOnly == true ? ", read-only" : ", \(traffic.uploaded) uploaded"
        if traffic.rejected > 0 { line += ", \(traffic.rejected) bad entries not used" }
        if traffic.failure != nil { line += ", given up" }
        return line
    }

    static func text(report: SegmentsReport, reel: AssembledReel) -> String {
        let canvas = report.layout.canvas
        let seconds = Double(reel.frameCount) / Double(canvas.fps)
        let picture = canvas.format == .hlg10 ? "\(canvas.codec.rawValue) 10-bit HLG" : canvas.codec.rawValue
        var lines = [
            reel.reused ? "kept \(reel.output.path) (already up to date)" : "wrote \(reel.output.path)",
            "  \(duration(seconds)), \(canvas.width)x\(canvas.height) at \(canvas.fps) fps, \(picture), \(reel.frameCount) frames, "
                + byteText(reel.byteCount)
        ]
        let days = report.planned.plan.days
        let included = days.filter(\.status.hasClip)
        lines.append("  days: \(included.count) of \(days.count) included")
        let leftOut = Dictionary(grouping: days.filter { !$0.status.hasClip }, by: \.reason)
        for reason in leftOut.keys.sorted() {
            let runs = DayRange.runs(of: leftOut[reason, default: []].map(\.date))
            let dates = runs.map { $0.count == 1 ? $0.spanText : "\($0.spanText) (\($0.count) days)" }.joined(separator: ", ")
            lines.append("  left out (\(reason)): \(dates)")
        }
        for failure in report.failures {
            lines.append("  dropped \(failure.path): \(failure.reason)")
        }
        for file in report.planned.plan.unreadable where !report.failures.contains(where: { $0.path == file.path }) {
            lines.append("  unreadable \(file.file) (\(file.dayText)): \(file.reason)")
        }
        lines.append("  \(segmentsLine(report))")
        return lines.joined(separator: "\n")
    }

    /// `1:00.5` for 60.5 s.
    static func duration(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return String(format: "%d:%02d.%d", tenths / 600, tenths / 10 % 60, tenths % 10)
    }

    /// `1.2 MB`, `830 kB`.
    static func byteText(_ bytes: Int64) -> String {
        bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : "\(max(1, bytes / 1000)) kB"
    }
}

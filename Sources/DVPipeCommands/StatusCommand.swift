import ArgumentParser
import DVRender

/// `dvpipe status`: what is done, what is stale, and what is left for a job.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what is rendered, what is stale and what is left for a job.",
        discussion: """
            Plans the job as `dvpipe run` would and compares the plan with the work folder: segments \
            done in the work folder and left (with the days they show), how many of those left the shared \
            cache holds, the sound track, whether the output file is up to \
            date (what assembling the current plan would write) or stale, and segment files left from \
            earlier versions of the job; for a job with outputs:, each output in turn. Reads records only; \
            renders nothing.

            Example:
              dvpipe status jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions
    @OptionGroup var cacheFlags: CacheFlags

    func run() throws {
        let printer = ProgressPrinter(mode: .auto)
        try reportingRenderErrors(resume: "dvpipe status \(options.job)", printer: printer) {
            // Status reads the work folder only: a broken overlay or music file does not hide what is done.
            let planned = try options.planJob(observer: printer, checkingFiles: false)
            let cache = try cacheFlags.caches().folder
            let outputs = planned.job.outputs.map(planned.forOutput)
            let layouts = try outputs.map { try $0.layout(observer: printer) }
            for (index, each) in outputs.enumerated() {
                let output = each.job.output
                var others = layouts
                others.remove(at: index)
                let status = try ReelStatus(
                    planned: each, layout: layouts[index], otherLayouts: others, work: options.workFolder, cache: cache)
                printer.finishLine()
                if planned.job.outputs.count > 1 {
                    printOut("\(output.name):")
                }
                printOut(Self.lines(status, cache: cache, job: options.job).joined(separator: "\n"))
            }
        }
    }

    /// What `status` says of one output.
    private static func lines(_ status: ReelStatus, cache: SegmentCache?, job: String) -> [String] {
        let total = status.layout.segments.count
        var lines = ["segments: \(total - status.segmentsLeft.count) of \(total) done, \(status.segmentsLeft.count) left"]
        if let cache, status.segmentsInCache > 0 {
            lines.append("  \(status.segmentsInCache) of those left are in the cache (\(cache.root.path)); a run takes them from there")
        }
        lines += status.segmentsLeft.map { "  left: \($0.label)" }
        lines.append("sound track: \(status.audioFinished ? "done" : "left")")
        lines.append("stale: \(status.staleSegmentFiles) segment files from earlier versions of the job (dvpipe clean removes the work folder)")
        let state =
            switch status.output {
            case .missing: "not written yet"
            case .upToDate: "up to date"
            case .stale: "stale (made from another version of the job, or changed since)"
            }
        lines.append("output: \(status.outputPath) \(state)\(status.output == .upToDate ? "" : "; run: dvpipe run \(job)")")
        return lines
    }
}

import ArgumentParser
import DVRender

/// `dvpipe status`: what is done, what is stale, and what is left for a job.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show what is rendered, what is stale and what is left for a job.",
        discussion: """
            Plans the job as `dvpipe run` would and compares the plan with the work folder: segments \
            done and left (with the days they show), the sound track, whether the output file is up to \
            date (what assembling the current plan would write) or stale, and segment files left from \
            earlier versions of the job. Reads records only; renders nothing.

            Example:
              dvpipe status jobs/dec-2024.yaml
            """
    )

    @OptionGroup var options: JobOptions

    func run() async throws {
        let printer = ProgressPrinter(mode: .auto)
        try await reportingRenderErrors(resume: "dvpipe status \(options.job)", printer: printer) {
            // Status reads the work folder only: a broken overlay or music file does not hide what is done.
            let planned = try options.planJob(observer: printer, checkingFiles: false)
            let status = try ReelStatus(planned: planned, work: options.workFolder)
            printer.finishLine()
            let total = status.layout.segments.count
            print("segments: \(total - status.segmentsLeft.count) of \(total) done, \(status.segmentsLeft.count) left")
            for segment in status.segmentsLeft {
                print("  left: \(segment.label)")
            }
            print("sound track: \(status.audioFinished ? "done" : "left")")
            print("stale: \(status.staleSegmentFiles) segment files from earlier versions of the job (dvpipe clean removes the work folder)")
            let state = switch status.output {
            case .missing: "not written yet"
            case .upToDate: "up to date"
            case .stale: "stale (made from another version of the job, or changed since)"
            }
            print("output: \(planned.job.output.path) \(state)\(status.output == .upToDate ? "" : "; run: dvpipe run \(options.job)")")
        }
    }
}

import ArgumentParser
import DVRender
import Foundation

/// `dvpipe render`: render the job's segments into the work folder, without assembling.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render the job's segments into the work folder, without assembling.",
        discussion: """
            Renders only the segments that are missing or changed. With --shard K/N, renders the Kth of N \
            shares of the segments, balanced by estimated cost (frames, source pixels, codec; the longest \
            first onto the least-loaded share, the same on every machine; `dvpipe plan --shards N` shows \
            them), so N processes (CI matrix jobs, a Kubernetes Indexed Job, a \
            Slurm array) can share one work folder; `dvpipe assemble` joins the result once all are done. \
            With --shards N instead, K comes from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID (0-based). \
            Processes that share the work folder may also run without --shard: each claims a segment \
            before rendering it and skips those others hold. Work folders rendered apart (one per CI \
            runner) can be merged by copying without overwriting (cp -rn, an artifact download). A clip \
            found broken while rendering is recorded, by content, in the work folder, the cache and the \
            segment store: every shard that learns of it renders its share of the plan made around it, and \
            `dvpipe assemble` renders what that plan needs and no shard made.

            Example:
              dvpipe render jobs/dec-2024.yaml --shard 2/4 --work-dir /shared/dec-2024
              dvpipe assemble jobs/dec-2024.yaml --work-dir /shared/dec-2024
            """
    )

    @OptionGroup var options: JobOptions
    @OptionGroup var flags: RenderFlags

    @Option(name: .long, help: "Render only shard K of N (K/N, 1-based).")
    var shard: String?

    @Option(name: .long, help: "Number of shards; this process's shard comes from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID.")
    var shards: Int?

    func validate() throws {
        if shard != nil && shards != nil {
            throw ValidationError("give either --shard K/N or --shards N, not both")
        }
        if let shard, Shard(shard) == nil {
            throw ValidationError("--shard takes K/N with 1 ≤ K ≤ N, not '\(shard)'")
        }
    }

    /// The share of the work this process renders.
    func ownShard() throws -> Shard {
        if let shard, let parsed = Shard(shard) { return parsed }
        guard let shards else { return .whole }
        guard let found = Shard.fromScheduler(environment: ProcessInfo.processInfo.environment, count: shards) else {
            throw ValidationError("--shards \(shards) needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID set to 0…\(shards - 1)")
        }
        return found
    }

    func run() throws {
        let shard = try ownShard()
        let printer = ProgressPrinter(mode: flags.progress)
        let trap = SignalTrap()
        try reportingRenderErrors(resume: "dvpipe render \(options.job)", printer: printer) {
            let (executor, reports) = try flags.renderSegments(options, shard: shard, printer: printer, stop: trap.stop)
            printer.finishLine()
            let workDir = options.workDir.map { " --work-dir \($0)" } ?? ""
            for report in reports {
                let name = reports.count > 1 ? " (\(report.planned.job.output.name))" : ""
                let broken = report.planned.broken.count
                let around =
                    broken == 0 ? "" : "; planned around \(broken) broken clip\(broken == 1 ? "" : "s") (recorded for the other shards and assemble)"
                printOut(
                    "shard \(shard)\(name): \(RunSummary.segmentsLine(report))\(around); assemble with: dvpipe assemble \(options.job)\(workDir)")
            }
            RunSummary.storeLine(executor.options.store).map { printOut($0) }
        }
    }
}

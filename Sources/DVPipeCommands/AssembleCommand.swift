import ArgumentParser
import DVPlanning
import DVRender

/// `dvpipe assemble`: join the rendered segments and the sound track into the output file.
struct AssembleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assemble",
        abstract: "Join the rendered segments and the sound track into the output file.",
        discussion: """
            Needs every segment of the plan in the work folder (after `dvpipe render`, or all shards of \
            it), or in the cache: segments the work folder lacks are taken from the cache folder or \
            downloaded from the segment store (--cache URL), so shards rendered on runners that share \
            only a server assemble on a third; says how many are missing otherwise. Clips a shard found \
            broken are recorded in the work folder, the cache and the store, by content: the plan is made \
            around all of them, and the segments of that plan that no shard rendered (one shard had \
            finished before another found a clip broken) are rendered here. Joins by stream copy, without re-encoding, into \
            a temporary file that replaces output.path only when complete. An output that is already \
            exactly that assembly (checked against the work folder's record and its SHA-256) is kept. An output \
            with publish: is then uploaded as `dvpipe run` does (a failure is a warning; --no-publish \
            skips it).

            Example:
              dvpipe assemble jobs/dec-2024.yaml --work-dir /shared/dec-2024
              dvpipe assemble jobs/dec-2024.yaml --cache https://cache.example/dvpipe/
            """
    )

    @OptionGroup var options: JobOptions
    @OptionGroup var cacheFlags: CacheFlags
    @OptionGroup var publishing: PublishFlags

    @Option(name: .long, help: "Progress on standard error: auto, plain, json or none.")
    var progress: ProgressMode = .auto

    @Option(name: .long, help: ArgumentHelp("Assemble only the output of this name (from outputs:); default: every output.", valueName: "name"))
    var output: String?

    func run() throws {
        try publishing.checkBeforeRendering(options.job)
        let printer = ProgressPrinter(mode: progress)
        let trap = SignalTrap()
        try reportingRenderErrors(resume: "dvpipe assemble \(options.job)", printer: printer) {
            let planned = try options.planJob(observer: printer)
            let (cache, store) = try cacheFlags.caches()
            let settings = RenderOptions(cache: cache, store: store)
            let executor = ReelRender(work: options.workFolder, options: settings, observer: printer, stop: trap.stop)
            var finished: [(reel: AssembledReel, output: Job.Output)] = []
            for output in try RenderFlags.outputs(of: planned.job, named: output) {
                let (each, layout, renderedHere) = try executor.planForAssembly(planned.forOutput(output))
                let reel = try executor.assemble(each, layout: layout)
                printer.finishLine()
                if renderedHere > 0 {
                    printOut(
                        "rendered \(renderedHere) segment\(renderedHere == 1 ? "" : "s") that the plan around \(each.broken.count) broken clip\(each.broken.count == 1 ? "" : "s") needed and no shard made"
                    )
                }
                printOut(
                    "\(reel.reused ? "kept" : "wrote") \(reel.output.path) (\(reel.frameCount) frames, \(RunSummary.byteText(reel.byteCount))\(reel.reused ? ", already up to date" : ""))"
                )
                finished.append((reel, each.job.output))
            }
            try publishing.publish(finished.map(\.reel), of: finished.map(\.output), strict: false, printer: printer)
            RunSummary.storeLine(settings.store).map { printOut($0) }
        }
    }
}

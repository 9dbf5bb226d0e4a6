import ArgumentParser
import DVMedia
import DVPlanning
import DVRender
import Foundation

extension ProgressMode: ExpressibleByArgument {}

/// The options shared by the commands that render: progress output, strictness, a fresh start, parallelism,
/// the shared cache.
struct RenderFlags: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Progress on standard error: auto (live line on a terminal, else a line every 5 s), plain, json (one object per event) or none (warnings only)."
    )
    var progress: ProgressMode = .auto

    @Flag(
        name: .long,
        help:
            "Fail (exit status 1) when a file of the library cannot be used (before rendering), or a clip cannot be decoded, instead of replacing or dropping its day."
    )
    var strict = false

    @Flag(name: .long, help: "Ignore and delete the work folder first: re-scan, re-render everything (the shared cache is not used).")
    var fresh = false

    @Option(
        name: .long,
        help:
            "Segments to render at once, each with a 2-thread encoder (default: half the cores, and at least one per output so that outputs: share each decoded clip; --jobs 1 renders one segment at a time, for the least memory). The output is the same bytes whatever the value."
    )
    var jobs: Int?

    @OptionGroup var cacheFlags: CacheFlags

    @Option(name: .long, help: ArgumentHelp("Render only the output of this name (from outputs:); default: every output.", valueName: "name"))
    var output: String?

    func validate() throws {
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs must be at least 1")
        }
    }

    /// Starts a render of the job in `options`: clears the work folder under `--fresh`, plans once, and
    /// renders this shard's segments of each output `--output` selects (every output without it), the
    /// outputs' segments at one position together, stopping early when `stop` is requested. `soundAhead`:
    /// the sound tracks are made meanwhile, for a command that assembles next.
    func renderSegments(
        _ options: JobOptions, shard: Shard = .whole, soundAhead: Bool = false, printer: ProgressPrinter, stop: StopRequest
    ) throws -> (executor: ReelRender<ProgressPrinter>, reports: [SegmentsReport]) {
        FrameMemory.reuseFreedFrameBuffers()
        if fresh {
            try options.workFolder.remove()
        }
        let planned = try options.planJob(observer: printer)
        let outputs = try Self.outputs(of: planned.job, named: output)
        let (cache, store) = fresh ? (nil, nil) : try cacheFlags.caches()
        let settings = RenderOptions(
            strict: strict, shard: shard, parallelism: jobs ?? max(RenderOptions.defaultParallelism, outputs.count), cache: cache, store: store,
            soundAhead: soundAhead
        )
        let executor = ReelRender(work: options.workFolder, options: settings, observer: printer, stop: stop)
        let reports = try executor.renderSegments(planned, outputs: outputs)
        return (executor, reports)
    }

    /// The outputs of `job` that `--output name` selects: the one of that name, or every output without it.
    static func outputs(of job: Job, named name: String?) throws -> [Job.Output] {
        guard let name else { return job.outputs }
        guard let output = job.outputs.first(where: { $0.name == name }) else {
            throw ValidationError("the job has no output named '\(name)'; its outputs are \(job.outputs.map(\.name).joined(separator: ", "))")
        }
        return [output]
    }
}

/// Runs a rendering command's body and turns the ways it can end into what the user reads: a stop by
/// signal prints how to resume (`resume` is the command to type) and exits 128 + signal; a render or
/// scan problem prints one `error:` line and exits 1, and inside GitHub Actions also one `::error::` command
/// naming the file (and the day) it concerns.
func reportingRenderErrors(resume: String, printer: ProgressPrinter, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let RenderError.interrupted(signal) {
        printer.finishLine()
        printError("stopped; finished segments are kept. Resume with: \(resume)")
        throw ExitCode(128 + signal)
    } catch let error as ExitCode {
        throw error
    } catch let error as ValidationError {
        throw error
    } catch {
        printer.finishLine()
        printError("error: \(error)")
        if GitHubAnnotation.isActive {
            printCommand(GitHubAnnotation.command("error", file: (error as? RenderError)?.file, "dvpipe: \(error)"))
        }
        throw ExitCode(1)
    }
}

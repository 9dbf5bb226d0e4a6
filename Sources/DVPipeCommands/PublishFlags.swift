import ArgumentParser
import DVPlanning
import DVRemote
import DVRender
import Foundation

/// `--no-publish` and `--publish-as`, for the commands that finish a reel (`run`, `assemble`), and the
/// uploads they then make.
struct PublishFlags: ParsableArguments {
    @Flag(
        name: .customLong("publish"), inversion: .prefixedNo,
        help: "Upload the reel to its output's publish: address (the default); --no-publish skips it (a pull request's trial render, say).")
    var publishes = true

    @Option(
        name: .customLong("publish-as"),
        help: ArgumentHelp(
            "The file name the reel is published under (reel-2025-01.mp4, say), instead of its output file's name; for a job with one output that publishes.",
            valueName: "name"))
    var publishedName: String?

    func validate() throws {
        if let publishedName, !ReelPublisher.isAcceptableName(publishedName) {
            throw ValidationError("--publish-as takes a file name without / that does not start with '.', not '\(publishedName)'")
        }
    }

    /// Fails before anything is rendered when `--publish-as` names one file for several outputs that publish
    /// (the job file as `job` names it; a job that does not load is left for the command to report).
    func checkBeforeRendering(_ job: String) throws {
        guard publishes, publishedName != nil, let outputs = JobLoader.load(path: job).job?.outputs else { return }
        let publishing = outputs.filter { $0.publish != nil }
        if publishing.count > 1 {
            throw ValidationError(
                "--publish-as names one file, but \(publishing.count) outputs publish (\(publishing.map(\.name).joined(separator: ", ")))")
        }
    }

    /// Uploads each finished `reel` of `outputs` (in order) whose output names `publish:` (the commands call
    /// `checkBeforeRendering` first), printing a line for each upload; a failed upload is a warning, or an error under `strict`.
    func publish(_ reels: [AssembledReel], of outputs: [Job.Output], strict: Bool, printer: ProgressPrinter) throws {
        guard publishes, outputs.contains(where: { $0.publish != nil }) else { return }
        let environment = ProcessInfo.processInfo.environment
        let name = publishedName
        let lines = try zip(reels, outputs).compactMap { reel, output in
            try ReelPublication.publish(reel, of: output, as: name, strict: strict, environment: environment, observer: printer).map {
                "published \(reel.output.path) to \($0.address) (\(RunSummary.byteText(Int64($0.byteCount))), SHA-256 checked on the server)"
            }
        }
        printer.finishLine()
        for line in lines {
            printError(line)
        }
    }
}

import ArgumentParser
import DVFiles
import DVPlanning
import DVRender
import Foundation

/// `dvpipe run`: plan, render and assemble a job into its output file.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Plan, render and assemble a job into its output file.",
        discussion: """
            Scans the library, plans one clip per day, encodes the reel as independent segments in the \
            work folder (.dvpipe/<job>/ next to the job, or --work-dir), makes the sound track, and joins \
            it all by stream copy into output.path. The output appears only when complete; a previous \
            output stays untouched until then.

            Re-running resumes: segments already in the work folder are checked and reused, so after an \
            interruption (Ctrl-C, kill, power loss) or a change to one day only the missing or changed \
            segments are rendered. Segments are named by the content of the files they read, never by \
            path or modification time, so a work folder restored elsewhere (a CI cache) is reused whole; \
            rendered segments also go into a cache shared by every job (--cache, --no-cache), and a \
            segment another process is rendering (a second run, a shard) is waited for, not rendered twice. The same job over the same files gives the same bytes; an output \
            that is already exactly what the job gives (by the work folder's record and its SHA-256) \
            is kept as it is.

            A clip that fails to decode is replaced by the day's next candidate, or its day is dropped, \
            with a warning naming the file; the summary names every file of the library that cannot be \
            used, whatever its day. --strict makes any of these an error (exit status 1) instead, before \
            anything is rendered when the scan already found them. Ctrl-C \
            stops after the segments in hand are written (exit status 130; 143 for SIGTERM).

            A job with outputs: renders each of them from the one plan, together (--output NAME renders \
            one): their cuts fall on the same frames, each clip is decoded once for all of them and the \
            sound track is made once.

            --srt FILE also writes each day's date and caption, timed to the reel, as SubRip subtitles. \
            The work folder's outputs.json records what was written (name, path, size, SHA-256, duration, \
            each day's start), for publishing scripts; --json prints it instead of the summary.

            An output with publish: https://HOST/PATH/ (WebDAV) or s3://BUCKET/PREFIX/ is then uploaded \
            there under its file's name, with credentials from the environment (DVPIPE_PUBLISH_HEADER \
            or ~/.netrc; the AWS_* variables): under a temporary name and moved (WebDAV) or as one whole \
            object (S3), read back and checked by size and SHA-256, so the final name never holds part \
            of a reel, and a file already there is replaced only under publish_overwrite: true. A failed upload is a warning (an error under --strict); --no-publish skips it. An \
            output with profile: is checked against its platform's rules first, and not published when \
            it breaks them (exit status 1).

            Example:
              dvpipe run jobs/dec-2024.yaml --srt out/dec-2024.srt
              dvpipe run jobs/monthly.yaml --as-of 2025-01-03 --progress json
              dvpipe run jobs/dec-2024.yaml --json > published.json
            """
    )

    @OptionGroup var options: JobOptions
    @OptionGroup var flags: RenderFlags
    @OptionGroup var publishing: PublishFlags
    @Option(name: .customLong("srt"), help: ArgumentHelp("Also write the reel's dates and captions as SubRip subtitles.", valueName: "file"))
    var srt: String?
    @Flag(name: .long, help: "Print what was written (outputs.json: path, size, SHA-256, duration, each day's start) as JSON instead of the summary.")
    var json = false

    func run() throws {
        try publishing.checkBeforeRendering(options.job)
        let printer = ProgressPrinter(mode: flags.progress)
        let trap = SignalTrap()
        try reportingRenderErrors(resume: "dvpipe run \(options.job)", printer: printer) {
            let (executor, reports) = try flags.renderSegments(options, soundAhead: true, printer: printer, stop: trap.stop)
            let reels = try reports.map { try executor.assemble($0.planned, layout: $0.layout) }
            if let srt, let report = reports.first {
                let text = SubtitleTrack.srt(report.layout.subtitleCues(job: report.planned.job))
                do {
                    try FileSync.writeAtomically(Data(text.utf8), to: URL(fileURLWithPath: srt))
                } catch {
                    throw RenderError.outputFailed(path: srt, reason: "could not write the subtitles: \(error)")
                }
            }
            try publishing.publish(reels, of: reports.map(\.planned.job.output), strict: flags.strict, printer: printer)
            printer.finishLine()
            if json {
                let published = try Data(contentsOf: options.workFolder.outputsFile)
                printOut(String(decoding: published, as: UTF8.self))
            } else {
                printOut(zip(reports, reels).map { RunSummary.text(report: $0, reel: $1) }.joined(separator: "\n"))
                RunSummary.storeLine(executor.options.store).map { printOut("  \($0)") }
            }
        }
    }
}

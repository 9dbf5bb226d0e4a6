import ArgumentParser
import DVPlanning

/// `dvpipe pin`: pins a file on a day of the job file.
struct PinCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin",
        abstract: "Pin a file on a day of the job file (days.<date>.pin).",
        discussion: """
            Writes `pin: "FILE"` (or `pin: {file: "FILE", start: T}` with --start) under DATE in JOB, \
            changing only that day's lines; a skipped day also gets `skip: false`. FILE is named as a \
            pin names it: a path in the library (from another day too), as `dvpipe plan` lists it. The \
            result is checked as `dvpipe validate` checks it and written atomically; a date outside the \
            timeframe, a day with layers or a job that would not load is reported with exit status 2 \
            and the job file is left as it was.

            Example:
              dvpipe pin jobs/2024-12.yaml 2024-12-03 2024/12/IMG_0042.MOV
              dvpipe pin jobs/2024-12.yaml 2024-12-03 2024/12/IMG_0042.MOV --start 12.5s
            """
    )

    @Argument(help: "The job file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var job: String

    @Argument(help: "The day (YYYY-MM-DD).")
    var date: String

    @Argument(help: "The file to pin, as days.<date>.pin names it.")
    var file: String

    @Option(name: .long, help: "Where the clip's window starts, in seconds (12.5s or 12.5, at most 3 decimals).")
    var start: String?

    func validate() throws {
        _ = try JobFileRewrite.day(date)
        if file.isEmpty {
            throw ValidationError("the file to pin is empty")
        }
        if let start, ChangesFile.seconds(start) ?? ChangesFile.seconds(start + "s") == nil {
            throw ValidationError("--start takes seconds, at most 3 decimals (12.5s); found '\(start)'")
        }
    }

    func run() throws {
        let day = try JobFileRewrite.day(date)
        let rewrite = try JobFileRewrite(path: job)
        try rewrite.check(day)
        let seconds = start.flatMap { ChangesFile.seconds($0) ?? ChangesFile.seconds($0 + "s") }
        try rewrite.write([day: DayChange(pin: DayChange.PinChoice(file: file, start: seconds))])
    }
}

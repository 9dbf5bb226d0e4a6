import ArgumentParser

/// The job file argument and the options every job command shares.
struct JobOptions: ParsableArguments {
    @Argument(help: "The job file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var job: String

    @Option(name: .long, help: "Work folder for the index and checkpoints (default: .dvpipe/ next to the job).")
    var workDir: String?

    @Option(name: .long, help: "Resolve a relative `last:` timeframe against this date (YYYY-MM-DD) instead of today.")
    var asOf: String?
}

/// Thrown by a command that a later release fills in: prints why and exits with status 3.
struct NotImplemented: Error, CustomStringConvertible {
    let command: String
    var description: String { "dvpipe \(command): not implemented yet" }
}

extension NotImplemented {
    /// Reports the missing command on standard error and ends with exit status 3.
    func exit() -> ExitCode {
        printError(description)
        return ExitCode(3)
    }
}

import ArgumentParser
import DVRender
import Foundation

/// The job file argument and the options every job command shares.
struct JobOptions: ParsableArguments {
    @Argument(help: "The job file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var job: String

    @Option(name: .long, help: "Work folder for the index and checkpoints (default: .dvpipe/ next to the job).")
    var workDir: String?

    @Option(name: .long, help: "Resolve a relative `last:` timeframe against this date (YYYY-MM-DD) instead of today.")
    var asOf: String?

    /// The job file as an absolute URL.
    var jobURL: URL {
        URL(fileURLWithPath: job, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    /// `--work-dir`, or `.dvpipe/<job name>/` next to the job file.
    var workFolder: WorkFolder {
        if let workDir {
            return WorkFolder(root: URL(fileURLWithPath: workDir).standardizedFileURL)
        }
        return WorkFolder.default(forJob: jobURL)
    }
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

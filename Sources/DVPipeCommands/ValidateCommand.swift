import ArgumentParser
import DVMedia
import DVPlanning
import Foundation

/// `dvpipe validate`: checks job files and reports every problem at its line and column.
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check job files and report every problem as FILE:LINE:COL.",
        discussion: """
            Prints every problem as FILE:LINE:COLUMN: error|warning: MESSAGE, then one summary line per \
            file. Overlay pictures and movies, music and fonts that exist are opened and decoded as \
            rendering would; a missing one is a warning, one that cannot be used an error. With \
            --format json, prints one JSON object (files, their diagnostics, totals) for CI annotations \
            instead; with --format github (the default inside GitHub Actions, where GITHUB_ACTIONS=true), \
            GitHub's ::error file=…,line=…,col=…::… commands, which a pull request shows on the job \
            file's line. Exit status 2 when any file has an error; warnings do not fail.

            Example:
              dvpipe validate jobs/*.yaml
              dvpipe validate --format json jobs/*.yaml
              dvpipe validate --format github jobs/*.yaml
              dvpipe validate --confine . --confine /media jobs/*.yaml
            """
    )

    /// How the results are printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case json
        case github
    }

    @Argument(help: "One or more job files.", completion: .file(extensions: ["yaml", "yml"]))
    var jobs: [String]

    @Option(name: .long, help: "Output format: text (FILE:LINE:COL lines), json, or github (workflow commands; the default when GITHUB_ACTIONS=true).")
    var format: Format?

    @Option(name: .long, help: ArgumentHelp("Allow the jobs' paths only inside this folder, `..` and symbolic links followed; repeat for several.", valueName: "dir"))
    var confine: [String] = []

    func validate() throws {
        try ConfinedFolders.check(confine)
    }

    func run() async throws {
        let allowed = confine.isEmpty ? nil : confine
        let reports = jobs.map { FileReport(file: $0, result: JobLoader.load(path: $0, allowedFolders: allowed).checkingFiles()) }
        switch format ?? (GitHubAnnotation.isActive ? .github : .text) {
        case .github:
            for report in reports {
                for entry in report.diagnostics {
                    print(GitHubAnnotation.command(entry.severity, file: entry.file, line: entry.line, column: entry.column, entry.message))
                }
                print(report.summary)
            }
        case .text:
            for report in reports {
                for diagnostic in report.diagnostics {
                    print(diagnostic.description)
                }
                print(report.summary)
            }
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(JSONReport(files: reports))
            print(String(decoding: data, as: UTF8.self))
        }
        if reports.contains(where: { $0.errors > 0 }) {
            throw ExitCode(2)
        }
    }
}

extension ValidateCommand {
    /// One file's outcome, as printed and as encoded in JSON.
    struct FileReport: Encodable {
        let file: String
        let status: String
        let errors: Int
        let warnings: Int
        let diagnostics: [Entry]

        init(file: String, result: JobLoadResult) {
            self.file = file
            errors = result.errors.count
            warnings = result.warnings.count
            status = errors == 0 ? "ok" : "failed"
            diagnostics = result.diagnostics.map(Entry.init)
        }

        /// `jobs/dec-2024.yaml: ok (0 errors, 1 warning)`.
        var summary: String {
            "\(file): \(status) (\(Self.count(errors, "error")), \(Self.count(warnings, "warning")))"
        }

        private static func count(_ number: Int, _ noun: String) -> String {
            "\(number) \(noun)\(number == 1 ? "" : "s")"
        }
    }

    /// A diagnostic flattened for CI annotations.
    struct Entry: Encodable {
        let file: String
        let line: Int
        let column: Int
        let severity: String
        let message: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
        }

        /// `FILE:LINE:COLUMN: error: MESSAGE`.
        var description: String { "\(file):\(line):\(column): \(severity): \(message)" }
    }

    /// The whole `--format json` document.
    struct JSONReport: Encodable {
        let files: [FileReport]
        let errors: Int
        let warnings: Int

        init(files: [FileReport]) {
            self.files = files
            errors = files.reduce(0) { $0 + $1.errors }
            warnings = files.reduce(0) { $0 + $1.warnings }
        }
    }
}

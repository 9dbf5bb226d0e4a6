import ArgumentParser
import DVMedia
import DVPlanning
import Foundation

/// `dvpipe validate`: checks job files and reports every problem at its line and column.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check job files and report every problem as FILE:LINE:COL.",
        discussion: """
            Prints every problem as FILE:LINE:COLUMN: error|warning: MESSAGE, then one summary line per \
            file. Overlay pictures and movies, music and fonts that exist are opened and decoded as \
            rendering would; a missing one is a warning, one that cannot be used an error (music that \
            cannot be played is a warning: the reel is made without that track). With \
            --format json, prints one JSON object (files, their diagnostics, totals) for CI annotations \
            instead; with --format github (the default inside GitHub Actions, where GITHUB_ACTIONS=true), \
            GitHub's ::error file=…,line=…,col=…::… commands, which a pull request shows on the job \
            file's line. Exit status 2 when any file has an error; warnings do not fail. With --print, \
            also prints each job as dvpipe reads it: merged with the presets it extends, each value \
            a preset gave marked with its file and line.

            Example:
              dvpipe validate jobs/*.yaml
              dvpipe validate --format json jobs/*.yaml
              dvpipe validate --format github jobs/*.yaml
              dvpipe validate --confine . --confine /media jobs/*.yaml
              dvpipe validate --confine . --confine-publish https://cloud.example/dav/Reels/ jobs/*.yaml
              dvpipe validate --print jobs/2024-12.yaml
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

    @Option(
        name: .long, help: "Output format: text (FILE:LINE:COL lines), json, or github (workflow commands; the default when GITHUB_ACTIONS=true).")
    var format: Format?

    @OptionGroup var confinement: ConfineFlags

    @Flag(name: .long, help: "Also print each job merged with the presets it extends (text format only).")
    var print = false

    func validate() throws {
        if print, let format, format != .text {
            throw ValidationError("--print shows the merged job as YAML, so it goes with --format text only")
        }
    }

    func run() throws {
        let results = jobs.map { confinement.load($0).checkingFiles() }
        let reports = zip(jobs, results).map { FileReport(file: $0, result: $1) }
        switch print ? .text : format ?? (GitHubAnnotation.isActive ? .github : .text) {
        case .github:
            for report in reports {
                for entry in report.diagnostics {
                    printCommand(
                        GitHubAnnotation.command(entry.severity, file: entry.file, line: entry.line, column: entry.column, entry.fullMessage))
                }
                printOut(report.summary)
            }
        case .text:
            for (report, result) in zip(reports, results) {
                for diagnostic in report.diagnostics {
                    printOut(diagnostic.description)
                }
                printOut(report.summary)
                if print, let tree = result.tree {
                    printOut("# \(report.file), merged with the presets it extends:")
                    printOut(tree.yamlText(home: report.file), terminator: "")
                }
            }
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(JSONReport(files: reports))
            printOut(String(decoding: data, as: UTF8.self))
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
        /// For a problem in a preset, `FILE:LINE:COLUMN` of each `extends:` that included it, the job's last.
        let includedFrom: [String]?
        /// The message with the places that included it, as the text and GitHub formats print it.
        let fullMessage: String
        /// `FILE:LINE:COLUMN: error: MESSAGE`, and in a preset the places that included it.
        let description: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            line = diagnostic.location.line
            column = diagnostic.location.column
            severity = diagnostic.severity.rawValue
            message = diagnostic.message
            includedFrom = diagnostic.location.includedFrom.isEmpty ? nil : diagnostic.location.includedFrom.map(\.description)
            fullMessage = diagnostic.fullMessage
            description = diagnostic.description
        }

        private enum CodingKeys: String, CodingKey {
            case file, line, column, severity, message, includedFrom
        }
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

import DVPlanning
import DVTestBasics
import Foundation
import Testing

/// YAML test input with position markers (`1️⃣`…`9️⃣`): the markers are removed and remembered as
/// 1-based line and column (in Unicode scalars, as libyaml counts).
struct MarkedYAML {
    static let markerNames = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    let text: String
    let markers: [String: (line: Int, column: Int)]

    init(_ source: String) {
        var markers: [String: (line: Int, column: Int)] = [:]
        var lines: [String] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var stripped = ""
            var rest = Substring(line)
            while let (name, range) = Self.markerNames.compactMap({ name in rest.range(of: name).map { (name, $0) } })
                .min(by: { $0.1.lowerBound < $1.1.lowerBound })
            {
                stripped += rest[..<range.lowerBound]
                markers[name] = (index + 1, stripped.unicodeScalars.count + 1)
                rest = rest[range.upperBound...]
            }
            stripped += rest
            lines.append(stripped)
        }
        text = lines.joined(separator: "\n")
        self.markers = markers
    }

    /// The location of a marker in `file`.
    func location(_ marker: String, file: String = "job.yaml") -> DVPlanning.SourceLocation {
        let place = markers[marker] ?? (0, 0)
        return SourceLocation(file: file, line: place.line, column: place.column)
    }
}

/// A temporary folder holding a `lib/` library folder, so that jobs in tests have no missing-folder warnings.
struct JobFolder {
    /// The folder, removed with everything in it when the last copy of the value goes away; nil when it
    /// could not be made (the job then names a folder that is not there, and the test says so).
    private let folder: TemporaryFolder?
    let path: String

    init() {
        folder = try? TemporaryFolder("job")
        path = folder?.url.path ?? "/nonexistent/dvpipe-job-folder"
        try? FileManager.default.createDirectory(atPath: path + "/lib", withIntermediateDirectories: true)
    }

    /// Loads marked YAML as `job.yaml` in this folder.
    func load(_ marked: MarkedYAML) -> JobLoadResult {
        JobLoader.load(text: marked.text, file: "job.yaml", directory: path)
    }
}

/// The smallest valid job (four lines), for tests to add keys to.
let minimalJob = """
    version: 1
    library: { paths: [lib] }
    timeframe: { month: 2024-12 }
    output: { path: out.mp4 }
    """

/// Loads `yaml` (with markers) in a fresh folder.
func load(_ yaml: String) -> (result: JobLoadResult, marked: MarkedYAML) {
    let marked = MarkedYAML(yaml)
    return (JobFolder().load(marked), marked)
}

/// Expects exactly one diagnostic at `marker` with `severity`, whose message contains `fragment`.
func expectDiagnostic(
    _ yaml: String, at marker: String = "1️⃣", _ severity: Diagnostic.Severity = .error, containing fragment: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let (result, marked) = load(yaml)
    let expected = marked.location(marker)
    let matching = result.diagnostics.filter { $0.location == expected && $0.severity == severity }
    #expect(matching.count == 1, "expected one \(severity) at \(expected); got \(result.diagnostics)", sourceLocation: sourceLocation)
    #expect(
        matching.first?.message.contains(fragment) == true, "message \(matching.first?.message ?? "-") lacks '\(fragment)'",
        sourceLocation: sourceLocation)
    if severity == .error {
        #expect(result.job == nil, sourceLocation: sourceLocation)
    }
}

/// Loads a job that must be valid, without any diagnostic.
func validJob(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Job? {
    let (result, _) = load(yaml)
    #expect(result.diagnostics.isEmpty, "unexpected: \(result.diagnostics)", sourceLocation: sourceLocation)
    return result.job
}

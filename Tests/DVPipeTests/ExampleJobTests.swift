import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The examples in `jobs/` and the job `dvpipe demo` writes, against what `dvpipe demo` writes: every
/// folder, pin and music file they name exists, and the generated job passes the schema too.
@Suite(.tags(.endToEnd)) struct ExampleJobTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let exampleJobs =
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("jobs").path))?
        .filter { $0.hasSuffix(".yaml") }.sorted() ?? []

    /// A folder laid out like the repository after `make demo`: `jobs/NAME` (a copy) beside `demo/`
    /// (the shared demo folder), so the example's relative paths resolve as they do in a clone.
    static func exampleCopy(_ name: String, in scratch: TemporaryFolder) async throws -> URL {
        let folder = scratch.url
        let jobs = folder.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("demo"), withDestinationURL: try await DemoLibrary.folder())
        try FileManager.default.copyItem(at: root.appendingPathComponent("jobs/\(name)"), to: jobs.appendingPathComponent(name))
        return jobs.appendingPathComponent(name)
    }

    @Test func thereAreExamples() {
        #expect(Self.exampleJobs.count >= 4)
    }

    @Test(arguments: exampleJobs)
    func exampleValidatesWithoutWarningsOverTheDemo(name: String) async throws {
        let folder = try TemporaryFolder("example")
        let job = try await Self.exampleCopy(name, in: folder)
        let result = try DVPipeProcess.run(["validate", job.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!(result.standardOutput + result.standardError).contains("warning:"), "\(result.standardOutput)\(result.standardError)")
    }

    /// Planned as of 2025-01-03 (so `last: month` is December 2024): at least one day has media and every pin
    /// finds its file.
    @Test(arguments: exampleJobs)
    func examplePlansItsPinsOverTheDemo(name: String) async throws {
        let folder = try TemporaryFolder("example")
        let job = try await Self.exampleCopy(name, in: folder)
        let result = try DVPipeProcess.run(["plan", job.path, "--json", "--as-of", "2025-01-03"])
        #expect(result.status == 0, "\(result.standardError)")
        let plan = try JSONDecoder().decode(PlanCommandTests.PlanDocument.self, from: Data(result.standardOutput.utf8))
        #expect(plan.days.contains { $0.file != nil }, "no day has media")
        let pinProblems = plan.warnings.filter { ["orphan_pin", "broken_pin", "pin_not_a_clip"].contains($0.code) }
        #expect(pinProblems.isEmpty, "\(pinProblems.map(\.code))")
    }

    @Test func theGeneratedDemoJobPassesTheSchemaAndTheParser() async throws {
        let demoJob = try await DemoLibrary.folder().appendingPathComponent("demo.yaml")
        let validate = try DVPipeProcess.run(["validate", demoJob.path])
        #expect(validate.status == 0, "\(validate.standardError)")
        let schema = Process()
        schema.executableURL = Self.root.appendingPathComponent("scripts/check-schema.sh")
        schema.arguments = [Self.root.appendingPathComponent("schemas/job.schema.json").path, demoJob.path]
        let output = Pipe()
        let error = Pipe()
        schema.standardOutput = output
        schema.standardError = error
        try schema.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        schema.waitUntilExit()
        try #require(schema.terminationStatus == 0, "check-schema.sh failed: \(problems)")
        let found = try JSONDecoder().decode([String: [String]].self, from: Data(text.utf8))
        #expect(found[demoJob.path] == [], "\(found)")
    }
}

import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `plan --json` of the demo library, the reference library and the real-file corpus, kept byte for byte in
/// `Snapshots/`: a change of structure (the plan's types, the scan's readers) must leave every fact and
/// every byte of the plan where it was. The library's folder stands as `$LIBRARY` in the kept files;
/// `DVPIPE_RECORD_SNAPSHOTS=1 swift test` rewrites them.
@Suite(.tags(.endToEnd)) struct PlanSnapshotTests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// Plans each of `jobs`, with `folder` written as `$LIBRARY`, and compares what they print, one after
    /// the other, with (or records it as) `Snapshots/name`.
    static func expectSnapshot(_ name: String, jobs: [URL], folder: URL) throws {
        var json = ""
        for job in jobs {
            let planned = try DVPipeProcess.run(["plan", job.path, "--json"])
            try #require(planned.status == 0, "plan failed: \(planned.standardError)")
            json += planned.standardOutput.replacingOccurrences(of: folder.standardizedFileURL.path, with: "$LIBRARY")
        }
        let snapshot = snapshots.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DVPIPE_RECORD_SNAPSHOTS"] == "1" {
            try json.write(to: snapshot, atomically: true, encoding: .utf8)
        }
        let kept = try String(contentsOf: snapshot, encoding: .utf8)
        let firstDifference = zip(json.split(separator: "\n"), kept.split(separator: "\n")).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(
            json == kept, "\(name) differs first at line \((firstDifference?.offset ?? 0) + 1): \(firstDifference.map { "\($0.element.0)" } ?? "")")
    }

    @Test("the demo library's plan keeps its bytes")
    func demo() async throws {
        let folder = try await DemoFixture.shared.demoFolder()
        try Self.expectSnapshot("demo-plan.json", jobs: [folder.appendingPathComponent("demo.yaml")], folder: folder)
    }

    @Test("the reference library's plan keeps its bytes")
    func reference() throws {
        let scratch = try TemporaryFolder("reference-plan")
        let made = try DVPipeProcess.run(["demo", "--reference", scratch.url.appendingPathComponent("reference").path])
        try #require(made.status == 0, "demo --reference failed: \(made.standardError)")
        let folder = scratch.url.appendingPathComponent("reference")
        try Self.expectSnapshot("reference-plan.json", jobs: [folder.appendingPathComponent("reference.yaml")], folder: folder)
    }

    @Test("the real-file corpus's plan keeps its bytes, day by day")
    func corpus() throws {
        let scratch = try TemporaryFolder("corpus-plan")
        // Each day the corpus has a clip on, as a job of its own (the years between are empty days).
        let days = [
            "2019-11-18", "2020-10-30", "2020-12-17", "2021-05-25", "2023-03-08", "2023-04-28", "2023-05-09", "2024-02-09", "2024-07-10", "2025-05-26"
        ]
        let jobs = try days.map { day in
            let job = scratch.url.appendingPathComponent("corpus-\(day).yaml")
            try """
            version: 1
            library: { paths: ["\(RealCorpusTests.folder.path)"], timezone: UTC }
            timeframe: { from: \(day), to: \(day) }
            output: { path: out/reel.mp4, resolution: 320x180, fps: 30 }

            """.write(to: job, atomically: true, encoding: .utf8)
            return job
        }
        try Self.expectSnapshot("corpus-plan.json", jobs: jobs, folder: RealCorpusTests.folder)
    }
}

import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `examples/github-actions/reel.yml` played as GitHub's runners would play it (`WorkflowPlayer`): its
/// `run:` scripts as written, each job and matrix shard in a fresh checkout of its own, the cache and the
/// artifacts carried between them as copied folders.
@Suite(.serialized, .tags(.endToEnd)) struct GitHubWorkflowTests {
    static let workflow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("examples/github-actions/reel.yml")

    /// A repository as the workflows expect one: `jobs/reel.yaml` over `media/` (the dated library), writing
    /// `out/reel.mp4`, and `jobs/monthly.yaml`, the same for the last complete month, writing `out/monthly.mp4`.
    static func repository(in folder: URL) throws -> URL {
        let root = folder.appendingPathComponent("repository")
        try DatedLibrary.copyWithNewTimes(try DatedLibrary.library.get().url, to: root.appendingPathComponent("media"))
        let jobs = root.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        let job = DatedLibrary.jobText(timeframe: DatedLibrary.allDays)
            .replacingOccurrences(of: "paths: [media]", with: "paths: [../media]")
            .replacingOccurrences(of: "path: out/reel.mp4", with: "path: ../out/reel.mp4")
        try job.write(to: jobs.appendingPathComponent("reel.yaml"), atomically: true, encoding: .utf8)
        try job.replacingOccurrences(of: "timeframe: \(DatedLibrary.allDays)", with: "timeframe: { last: month }")
            .replacingOccurrences(of: "path: ../out/reel.mp4", with: "path: ../out/monthly.mp4")
            .write(to: jobs.appendingPathComponent("monthly.yaml"), atomically: true, encoding: .utf8)
        return root
    }

    /// What a workflow must give: `dvpipe run` of `job` (edited by `edit`) in a copy of `repository` made in
    /// `folder`, read back from `output` (both relative to the repository).
    static func referenceReel(
        of repository: URL, in folder: URL, job: String, output: String, edit: (String) -> String = { $0 }
    ) throws -> Data {
        let reference = folder.appendingPathComponent("reference")
        try DatedLibrary.copyWithNewTimes(repository, to: reference)
        let file = reference.appendingPathComponent(job)
        try edit(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        let single = try DVPipeProcess.run(["run", file.path, "--progress", "none"])
        #expect(single.status == 0, "\(single.standardError)")
        return try Data(contentsOf: reference.appendingPathComponent(output))
    }

    @Test(
        "the workflow's jobs on fresh runners assemble the bytes of one dvpipe run; run again, every shard renders nothing, from its restored cache")
    func workflowOnFreshRunners() throws {
        let folder = try TemporaryFolder("workflow")
        let repository = try Self.repository(in: folder.url)
        let expected = try Self.referenceReel(of: repository, in: folder.url, job: "jobs/reel.yaml", output: "out/reel.mp4")

        let player = try WorkflowPlayer(
            Self.workflow, repository: repository, scratch: folder.url.appendingPathComponent("runners"),
            tools: try DVPipeProcess.executable.deletingLastPathComponent()
        )
        try player.run()
        let reel = try #require(player.artifacts["reel"], "the assemble job uploads the reel")
        #expect(player.artifacts["review"] == nil, "a push makes no review page")
        #expect(try Data(contentsOf: reel.appendingPathComponent("reel.mp4")) == expected)

        let shards = player.logs.filter { $0.job == "render" }
        #expect(shards.map { $0.matrix["shard"] ?? "" } == ["1", "2", "3", "4"])
        let counts = shards.compactMap { DatedLibrary.segmentCounts($0.output) }
        #expect(counts.count == 4 && counts.map(\.rendered).reduce(0, +) == DatedLibrary.clipCount, "\(shards.map(\.output))")
        #expect(counts.allSatisfy { $0.rendered > 0 }, "every shard has work: \(counts)")

        let check = try #require(player.logs.first { $0.job == "check" })
        #expect(check.summary.contains("| 2024-11-16 |"), "the plan's table is in the step summary: \(check.summary)")
        let calendar = try #require(player.artifacts["calendar"])
        let png = try Data(contentsOf: calendar.appendingPathComponent("calendar.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))

        try player.run()
        let again = player.logs.filter { $0.job == "render" }.compactMap { DatedLibrary.segmentCounts($0.output) }
        #expect(again.count == 4 && again.allSatisfy { $0.rendered == 0 }, "\(player.logs.filter { $0.job == "render" }.map(\.output))")
        let second = try #require(player.artifacts["reel"])
        #expect(try Data(contentsOf: second.appendingPathComponent("reel.mp4")) == expected)
    }

    @Test(
        "with DVPIPE_STORE_URL set to a real nginx: a push fills the store; a pull request on fresh runners renders only what the store lacks and stores nothing"
    )
    func workflowWithSegmentStore() throws {
        let folder = try TemporaryFolder("workflow-store")
        let repository = try Self.repository(in: folder.url)
        let server = try StoreServer.nginx()
        let tools = try DVPipeProcess.executable.deletingLastPathComponent()
        let push = try WorkflowPlayer(
            Self.workflow, repository: repository, scratch: folder.url.appendingPathComponent("push"), tools: tools,
            secrets: ["DVPIPE_STORE_URL": server.url]
        )
        try push.run()
        let pushed = try Data(contentsOf: try #require(push.artifacts["reel"]).appendingPathComponent("reel.mp4"))
        #expect(server.entries("ac").count == DatedLibrary.clipCount)

        let removed = try #require(server.entries("ac").first)
        try FileManager.default.removeItem(at: removed)
        let pullRequest = try WorkflowPlayer(
            Self.workflow, repository: repository, scratch: folder.url.appendingPathComponent("pull-request"), tools: tools,
            secrets: ["DVPIPE_STORE_URL": server.url], event: "pull_request"
        )
        try pullRequest.run()
        let counts = pullRequest.logs.filter { $0.job == "render" }.compactMap { DatedLibrary.segmentCounts($0.output) }
        #expect(counts.count == 4 && counts.map(\.rendered).reduce(0, +) == 1, "\(pullRequest.logs.filter { $0.job == "render" }.map(\.output))")
        #expect(server.entries("ac").count == DatedLibrary.clipCount - 1, "the pull request stored nothing")
        #expect(try Data(contentsOf: try #require(pullRequest.artifacts["reel"]).appendingPathComponent("reel.mp4")) == pushed)
        let review = try #require(pullRequest.artifacts["review"], "a pull request uploads the review page: \(pullRequest.artifacts.keys)")
        #expect(FileManager.default.fileExists(atPath: review.appendingPathComponent("index.html").path))
    }

    @Test("the monthly workflow, scheduled on a runner whose clock says 2024-12-01, renders November 2024: the bytes of a job naming that month")
    func monthlyWorkflowRendersLastMonth() throws {
        let folder = try TemporaryFolder("workflow-monthly")
        let repository = try Self.repository(in: folder.url)
        let expected = try Self.referenceReel(of: repository, in: folder.url, job: "jobs/monthly.yaml", output: "out/monthly.mp4") {
            $0.replacingOccurrences(of: "timeframe: { last: month }", with: "timeframe: { month: 2024-11 }")
        }

        let monthly = Self.workflow.deletingLastPathComponent().appendingPathComponent("monthly.yml")
        let tools = try DVPipeProcess.executable.deletingLastPathComponent()
        let scheduled = try WorkflowPlayer(
            monthly, repository: repository, scratch: folder.url.appendingPathComponent("schedule"), tools: tools, event: "schedule",
            clock: "2024-12-01 06:00:00"
        )
        try scheduled.run()
        let reel = try #require(scheduled.artifacts["reel-2024-11"], "the artifact is named by the month: \(scheduled.artifacts.keys)")
        #expect(try Data(contentsOf: reel.appendingPathComponent("monthly.mp4")) == expected)
        let review = try #require(scheduled.artifacts["review-2024-11"], "the review page goes beside the reel: \(scheduled.artifacts.keys)")
        #expect(FileManager.default.fileExists(atPath: review.appendingPathComponent("index.html").path))
        #expect(scheduled.logs.first?.output.contains("timeframe: 2024-11-01 … 2024-11-30") == true, "\(scheduled.logs.first?.output ?? "")")

        let dispatched = try WorkflowPlayer(
            monthly, repository: repository, scratch: folder.url.appendingPathComponent("dispatch"), tools: tools, event: "workflow_dispatch",
            inputs: ["as_of": "2024-12-31"]
        )
        try dispatched.run()
        let again = try #require(dispatched.artifacts["reel-2024-11"], "\(dispatched.artifacts.keys)")
        #expect(try Data(contentsOf: again.appendingPathComponent("monthly.mp4")) == expected)
    }
}

import DVMedia
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Work that survives CI, as users meet it: a work folder restored on another runner at another path
/// with new modification times, shards rendered in separate folders and merged, a cache shared by jobs,
/// edits to a clip's bytes against touches and moves, and processes sharing one folder.
@Suite(.serialized, .tags(.endToEnd)) struct SharedWorkTests {
    static func copyWithoutOverwriting(_ source: URL, into target: URL) throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let copy = Process()
        copy.executableURL = URL(fileURLWithPath: "/bin/cp")
        copy.arguments = ["-rn", source.path + "/.", target.path]
        try copy.run()
        copy.waitUntilExit()
        #expect(copy.terminationStatus == 0)
    }

    static func workFolder(of job: URL) -> URL {
        job.deletingLastPathComponent().appendingPathComponent(".dvpipe/job")
    }

    @Test("a project copied to another path with new modification times (library, work folder) renders nothing again and gives the same bytes")
    func relocatedWorkFolderIsReusedWhole() throws {
        let originalFolder = try TemporaryFolder("project")
        let original = try DatedLibrary.project(in: originalFolder)
        let runner = try TemporaryFolder("runner-2")
        let moved = runner.url.appendingPathComponent("checkout")
        let first = try DVPipeProcess.run(["run", original.path, "--progress", "none"])
        #expect(first.status == 0, "stderr: \(first.standardError)")
        #expect(DatedLibrary.segmentCounts(first.standardOutput)?.rendered == DatedLibrary.clipCount)

        try DatedLibrary.copyWithNewTimes(original.deletingLastPathComponent(), to: moved)
        let job = moved.appendingPathComponent("job.yaml")
        try FileManager.default.removeItem(at: DatedLibrary.output(of: job))
        let again = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(again.status == 0, "stderr: \(again.standardError)")
        let counts = try #require(DatedLibrary.segmentCounts(again.standardOutput), "\(again.standardOutput)")
        #expect(counts.rendered == 0 && counts.reused == DatedLibrary.clipCount, "\(again.standardOutput)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == DatedLibrary.reel.get())
        let plan = try String(contentsOf: Self.workFolder(of: job).appendingPathComponent("plan.json"), encoding: .utf8)
        #expect(!plan.contains(original.deletingLastPathComponent().path) && !plan.contains(moved.path), "manifests name no absolute path")
    }

    @Test("three shards in three work folders over three library copies, merged with cp -rn, assemble in a fourth to the single-process bytes")
    func shardsMergedFromSeparateRunners() throws {
        let runnerFolders = try (0..<4).map { _ in try TemporaryFolder("runner") }
        let runners = try runnerFolders.map { try DatedLibrary.project(in: $0) }
        let shards = try (1...3).map { index in
            try DVPipeProcess.start(["render", runners[index - 1].path, "--shard", "\(index)/3", "--progress", "none"])
        }
        for process in shards {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let merged = Self.workFolder(of: runners[3])
        for runner in runners.prefix(3) {
            try Self.copyWithoutOverwriting(Self.workFolder(of: runner), into: merged)
        }
        let assembled = try DVPipeProcess.run(["assemble", runners[3].path, "--progress", "none"])
        #expect(assembled.status == 0, "stderr: \(assembled.standardError)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: runners[3])) == DatedLibrary.reel.get())
    }

    @Test("month jobs for November and December, then one for both sharing the cache: only the month boundary is rendered")
    func yearAfterMonthsRendersTheBoundary() throws {
        let cacheFolder = try TemporaryFolder("cache")
        let cache = cacheFolder.url
        let folders = try (0..<3).map { _ in try TemporaryFolder("project") }
        let months = try zip(folders, ["{ month: 2024-11 }", "{ month: 2024-12 }"]).map { try DatedLibrary.project(in: $0, timeframe: $1) }
        let both = try DatedLibrary.project(in: folders[2])
        let environment = ["DVPIPE_CACHE": cache.path]
        for job in months {
            let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: environment)
            #expect(result.status == 0, "stderr: \(result.standardError)")
        }
        let result = try DVPipeProcess.run(["run", both.path, "--progress", "none"], environment: environment)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let counts = try #require(DatedLibrary.segmentCounts(result.standardOutput), "\(result.standardOutput)")
        // November's last day (its end now crossfades into December) and December's first (its start now
        // crossfades from November): 2 of 24.
        #expect(counts.rendered == 2 && counts.total == DatedLibrary.clipCount, "\(result.standardOutput)")
        #expect(Double(counts.rendered) <= 0.1 * Double(counts.total))
        #expect(result.standardOutput.contains("reused from: cache \(DatedLibrary.clipCount - 2)"), "\(result.standardOutput)")
        #expect(try Data(contentsOf: DatedLibrary.output(of: both)) == DatedLibrary.reel.get())

        let shown = try DVPipeProcess.run(["cache", "--cache", cache.path])
        #expect(shown.status == 0)
        // Every segment of the two months and the two new ones; 22 hits of 24 looked for by the last run,
        // none by the months' runs (24 + 2 rendered).
        #expect(shown.standardOutput.contains("\(DatedLibrary.clipCount + 2) segments"), "\(shown.standardOutput)")
        #expect(shown.standardOutput.contains("hit rate: 46% (22 of 48 segments looked for, over 3 runs)"), "\(shown.standardOutput)")
        let pruned = try DVPipeProcess.run(["cache", "prune", "--cache", cache.path, "--max-size", "0"])
        #expect(pruned.status == 0 && pruned.standardOutput.contains("removed \(DatedLibrary.clipCount + 2) segments"), "\(pruned.standardOutput)")
        #expect(try DVPipeProcess.run(["cache", "--cache", cache.path]).standardOutput.contains("0 segments"))
    }

    @Test("new bytes in a chosen clip re-render its day (and the next day's transition); a touch or a move re-renders nothing")
    func contentNotTimesOrPlacesDecide() throws {
        let folder = try TemporaryFolder("project")
        let job = try DatedLibrary.project(in: folder)
        let run = { () throws -> (rendered: Int, reused: Int, total: Int) in
            let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
            #expect(result.status == 0, "stderr: \(result.standardError)")
            return try #require(DatedLibrary.segmentCounts(result.standardOutput), "\(result.standardOutput)")
        }
        #expect(try run().rendered == DatedLibrary.clipCount)
        let media = job.deletingLastPathComponent().appendingPathComponent("media")
        let clip = DatedLibrary.clip(5)
        let file = media.appendingPathComponent(clip.fileName)

        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(3600)], ofItemAtPath: file.path)
        #expect(try run().rendered == 0, "touched")

        let moved = media.appendingPathComponent("moved", isDirectory: true)
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: file, to: moved.appendingPathComponent(clip.fileName))
        #expect(try run().rendered == 0, "moved inside the library")

        try FileManager.default.removeItem(at: moved.appendingPathComponent(clip.fileName))
        try SampleWriter().write(DatedLibrary.clip(5, text: "new"), in: moved)
        #expect(try run().rendered == 2, "new pixels in the clip: its day and the next, whose transition shows its end")
    }

    @Test("a segment whose bytes do not match its record is rendered again, with a warning naming it")
    func damagedSegmentIsRenderedAgain() throws {
        let folder = try TemporaryFolder("project")
        let job = try DatedLibrary.project(in: folder)
        #expect(try DVPipeProcess.run(["run", job.path, "--progress", "none"]).status == 0)
        let segments = Self.workFolder(of: job).appendingPathComponent("segments")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: segments.path).sorted().first { $0.hasSuffix(".mp4") })
        var bytes = try Data(contentsOf: segments.appendingPathComponent(name))
        bytes[bytes.count / 2] ^= 0x5A
        try bytes.write(to: segments.appendingPathComponent(name))
        let again = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(again.status == 0, "stderr: \(again.standardError)")
        #expect(again.standardError.contains(name) && again.standardError.contains("SHA-256"), "\(again.standardError)")
        #expect(DatedLibrary.segmentCounts(again.standardOutput)?.rendered == 1)
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == DatedLibrary.reel.get())
    }

    @Test("two runs of one job on one work folder at once: every segment rendered once between them, both exit 0, same bytes")
    func twoRunsShareTheWork() throws {
        let folder = try TemporaryFolder("project")
        let job = try DatedLibrary.project(in: folder)
        let outputs = [Pipe(), Pipe()]
        let processes = try outputs.map { pipe in
            let process = try DVPipeProcess.process(["run", job.path, "--progress", "none", "--jobs", "1"])
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let printed = outputs.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let counts = printed.compactMap(DatedLibrary.segmentCounts)
        #expect(counts.count == 2, "\(printed)")
        #expect(counts.map(\.rendered).reduce(0, +) == DatedLibrary.clipCount, "each segment rendered by exactly one of them: \(printed)")
        #expect(counts.allSatisfy { $0.rendered + $0.reused == DatedLibrary.clipCount })
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == DatedLibrary.reel.get())
        let claims = try FileManager.default.contentsOfDirectory(atPath: Self.workFolder(of: job).appendingPathComponent("segments").path)
            .filter { $0.hasSuffix(".claim") }
        #expect(claims.isEmpty, "claims are released: \(claims)")
    }

    @Test("killed with SIGKILL while rendering beside another process: the other takes its claim over and finishes the work")
    func aKilledRendererLeavesNothingThatBlocks() throws {
        let folder = try TemporaryFolder("project")
        let job = try DatedLibrary.project(in: folder)
        let segments = Self.workFolder(of: job).appendingPathComponent("segments")
        let count = { (suffix: String) in
            ((try? FileManager.default.contentsOfDirectory(atPath: segments.path)) ?? []).filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }.count
        }
        let victim = try DVPipeProcess.start(["render", job.path, "--progress", "none", "--jobs", "1"])
        DVPipeProcess.wait(for: victim, every: 0.01) { count(".json") >= 3 && count(".claim") > 0 }
        let survivor = try DVPipeProcess.start(["run", job.path, "--progress", "none", "--jobs", "1"])
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        survivor.waitUntilExit()
        #expect(survivor.terminationStatus == 0)
        #expect(try Data(contentsOf: DatedLibrary.output(of: job)) == DatedLibrary.reel.get())
        #expect(count(".claim") == 0, "no claim is left behind")
    }
}

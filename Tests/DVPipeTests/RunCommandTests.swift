import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe run`, `status` and a kill in the middle, as a user meets them.
@Suite(.tags(.endToEnd)) struct RunCommandTests {
    /// Finished segment records in a job copy's work folder.
    static func finishedRecords(beside job: URL) -> Int {
        let segments = job.deletingLastPathComponent().appendingPathComponent(".dvpipe/demo/segments")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: segments.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count
    }

    static func output(beside job: URL) -> URL {
        job.deletingLastPathComponent().appendingPathComponent("out/demo.mp4")
    }

    @Test func killedInTheMiddleThenResumedGivesTheSameBytesAsAnUninterruptedRun() async throws {
        let expected = try await DemoLibrary.reel()
        let resumedFolder = try TemporaryFolder("job")
        let resumed = try await DemoLibrary.jobCopy(in: resumedFolder)

        let process = try DVPipeProcess.start(["run", resumed.path, "--progress", "none", "--jobs", "1"])
        DVPipeProcess.wait(for: process) { Self.finishedRecords(beside: resumed) >= 10 }
        #expect(process.isRunning, "the run should still be going when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let finishedBeforeKill = Self.finishedRecords(beside: resumed)
        #expect(!FileManager.default.fileExists(atPath: Self.output(beside: resumed).path), "no output from a killed run")

        let status = try DVPipeProcess.run(["status", resumed.path])
        #expect(status.standardOutput.contains("segments: \(finishedBeforeKill) of 26 done"))

        let rerun = try DVPipeProcess.run(["run", resumed.path, "--progress", "none"])
        #expect(rerun.status == 0, "stderr: \(rerun.standardError)")
        let segments = resumed.deletingLastPathComponent().appendingPathComponent(".dvpipe/demo/segments")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty, "the killed run's half-written segment is swept: \(leftovers)")
        #expect(rerun.standardOutput.contains("segments: \(26 - finishedBeforeKill) rendered, \(finishedBeforeKill) reused (of 26)"))
        #expect(try Data(contentsOf: Self.output(beside: resumed)) == expected)
    }

    @Test("run makes the sound track while the picture renders, once, and the reel has the bytes of render then assemble")
    func theSoundTrackIsMadeDuringThePicture() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "json", "--fresh"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        let events = run.standardError.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
        let stages = events.compactMap { event -> String? in
            guard let kind = event["event"] as? String, kind.hasPrefix("stage_"), let stage = event["stage"] as? String else { return nil }
            return "\(kind == "stage_started" ? "+" : "-")\(stage)"
        }
        let audioStart = try #require(stages.firstIndex(of: "+audio"))
        let encodeEnd = try #require(stages.firstIndex(of: "-encode"))
        #expect(audioStart < encodeEnd, "the sound track starts before the picture ends: \(stages)")
        #expect(stages.filter { $0 == "+audio" }.count == 1, "the assembly reuses the track: \(stages)")
        let apartFolder = try TemporaryFolder("job")
        let apart = try await DemoLibrary.jobCopy(in: apartFolder)
        for command in ["render", "assemble"] {
            let step = try DVPipeProcess.run([command, apart.path, "--progress", "none"])
            #expect(step.status == 0, "\(command): \(step.standardError)")
        }
        #expect(
            try Data(contentsOf: Self.output(beside: job)) == Data(contentsOf: Self.output(beside: apart)), "the track made ahead is the assembly's")
    }

    @Test func twoShardsAtOnceInOneWorkFolderThenAssembleGiveTheSingleProcessBytes() async throws {
        let reference = try await DemoLibrary.reel()
        let shardedFolder = try TemporaryFolder("job")
        let sharded = try await DemoLibrary.jobCopy(in: shardedFolder)
        let shared = sharded.deletingLastPathComponent().appendingPathComponent("shared-work").path
        let shards = try ["1/2", "2/2"].map { shard in
            try DVPipeProcess.start(["render", sharded.path, "--shard", shard, "--work-dir", shared, "--progress", "none"])
        }
        for process in shards {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let assembled = try DVPipeProcess.run(["assemble", sharded.path, "--work-dir", shared, "--progress", "none"])
        #expect(assembled.status == 0, "stderr: \(assembled.standardError)")
        #expect(try Data(contentsOf: Self.output(beside: sharded)) == reference)
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalStopsAfterTheSegmentsInHandAndSaysHowToResume(signal: Int32, exitStatus: Int32) async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let process = try DVPipeProcess.process(["run", job.path, "--progress", "plain", "--jobs", "1"])
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        DVPipeProcess.wait(for: process) { Self.finishedRecords(beside: job) >= 3 }
        kill(process.processIdentifier, signal)
        let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == exitStatus, "stderr: \(printed)")
        #expect(printed.contains("Resume with: dvpipe run \(job.path)"))
        #expect(Self.finishedRecords(beside: job) < 26)
        #expect(!FileManager.default.fileExists(atPath: Self.output(beside: job).path))
        let segments = job.deletingLastPathComponent().appendingPathComponent(".dvpipe/demo/segments")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: segments.path).filter { $0.hasSuffix(".partial") }
        #expect(leftovers.isEmpty, "a stop by signal leaves no half-written segment: \(leftovers)")
    }

    @Test func theSummarySaysWhatWasWrittenAndWhichDaysAreLeftOut() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["run", job.path, "--progress", "json"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("wrote \(Self.output(beside: job).path)"))
        #expect(result.standardOutput.contains("640x360 at 30 fps"))
        #expect(result.standardOutput.contains("days: 24 of 31 included"))
        #expect(result.standardOutput.contains("left out (skipped): 2024-12-15"))
        #expect(result.standardOutput.contains("left out (no media): 2024-12-07"))
        let events = result.standardError.split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(events.count > 50, "one JSON object per event")
        for event in events {
            #expect((try? JSONSerialization.jsonObject(with: Data(event.utf8))) != nil, "not JSON: \(event)")
        }
    }

    @Test("a ten-year timeframe over the demo library: each run of days without media is one entry of one summary line")
    func aLongTimeframeSummaryFitsAScreen() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder) {
            $0.replacingOccurrences(of: "  month: 2024-12", with: "  from: 2015-01-01\n  to: 2024-12-31")
        }
        let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count <= 20, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("days: 24 of 3653 included"))
        let noMedia = try #require(lines.first { $0.contains("left out (no media)") })
        #expect(noMedia.hasSuffix(": 2015-01-01 – 2024-11-30 (3622 days), 2024-12-07, 2024-12-11, 2024-12-16, 2024-12-21, 2024-12-26, 2024-12-28"))
    }

    @Test func assembleBeforeRenderSaysWhatIsMissing() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["assemble", job.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("segments are not rendered yet"))
    }

    /// A clip that probes well but breaks while decoding: the first tenth of a finished reel (its index at
    /// the front, so the header still promises a minute), pinned to the 9th with a window past its end.
    @Test func aClipThatBreaksWhileRenderingIsReplacedOrUnderStrictFailsTheRun() async throws {
        let reel = try await DemoLibrary.reel()
        let scratch = try TemporaryFolder("extra")
        let extra = scratch.url
        let broken = extra.appendingPathComponent("VID_20241209_120000.mp4")
        try reel.prefix(reel.count / 10).write(to: broken)
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder) { text in
            Self.excludingTheDemosUnreadableFile(text)
                .replacingOccurrences(of: "paths: [\"", with: "paths: [\"\(extra.path)\", \"")
                .replacingOccurrences(of: "days:\n", with: "days:\n  2024-12-09: { pin: { file: VID_20241209_120000.mp4, start: 30s } }\n")
        }

        let strict = try DVPipeProcess.run(["run", job.path, "--progress", "plain", "--strict"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: \(broken.path)"))
        #expect(!FileManager.default.fileExists(atPath: Self.output(beside: job).path))

        let lenient = try DVPipeProcess.run(["run", job.path, "--progress", "plain"])
        #expect(lenient.status == 0, "stderr: \(lenient.standardError)")
        #expect(lenient.standardError.contains("\(broken.path):"))
        #expect(lenient.standardError.contains("planned again without it"))
        #expect(lenient.standardOutput.contains("dropped \(broken.path)"))
        #expect(lenient.standardOutput.contains("days: 24 of 31 included"), "the 9th falls back to its own clip")
        #expect(try Data(contentsOf: Self.output(beside: job)) == reel, "the same reel as without the pin")
    }

    /// The demo job's text with the demo's one unreadable file (IMG_0025.MOV) excluded from the library, so
    /// that `--strict` gets as far as rendering.
    static func excludingTheDemosUnreadableFile(_ job: String) -> String {
        job.replacingOccurrences(of: "timezone: America/Los_Angeles", with: "timezone: America/Los_Angeles\n  exclude: [IMG_0025.MOV]")
    }

    /// `--strict` and a library with a file that cannot be used (the demo's truncated IMG_0025.MOV, whose
    /// name has no date): the run stops before rendering anything, naming it; without `--strict` the summary
    /// names it.
    @Test func underStrictAnUnreadableFileAnywhereInTheLibraryFailsTheRunBeforeRendering() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let strict = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--strict"])
        #expect(strict.status == 1)
        #expect(
            strict.standardError.contains("error: --strict: 1 file of the library cannot be used: IMG_0025.MOV (day unknown): "),
            "\(strict.standardError)")
        #expect(Self.finishedRecords(beside: job) == 0, "nothing was rendered")
        #expect(!FileManager.default.fileExists(atPath: Self.output(beside: job).path))

        let inActions = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--strict"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(inActions.status == 1)
        let annotation = inActions.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotation.count == 1 && annotation[0].contains("IMG_0025.MOV") && annotation[0].contains("::dvpipe: --strict: "), "\(annotation)")

        let lenient = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(lenient.status == 0, "stderr: \(lenient.standardError)")
        #expect(lenient.standardOutput.contains("unreadable IMG_0025.MOV (day unknown): "), "\(lenient.standardOutput)")
    }

    /// A copy of the demo job in `folder` whose library starts with a folder of its own, `folder/extra`,
    /// holding `files` (name → bytes).
    static func jobCopy(in folder: TemporaryFolder, withExtraFiles files: [String: Data]) async throws -> (job: URL, extra: URL) {
        let extra = try folder.subfolder("extra")
        for (name, bytes) in files {
            try bytes.write(to: extra.appendingPathComponent(name))
        }
        let job = try await DemoLibrary.jobCopy(in: folder) { text in
            text.replacingOccurrences(of: "paths: [\"", with: "paths: [\"\(extra.path)\", \"")
        }
        return (job, extra)
    }

    /// Two copies of a clip cut 1 % into its media: the earliest clip of the 19th (which also has IMG_0018)
    /// and the only clip of the 11th. Both probe well, so the plan picks them; both break in their window.
    @Test func aChosenClipThatBreaksGivesWayToTheDaysNextCandidateOrItsDayIsDropped() async throws {
        let reel = try await DemoLibrary.reel()
        let broken = try DemoLibrary.brokenClip(cutFrom: reel, mediaFraction: 0.01)
        let folder = try TemporaryFolder("job")
        let (job, extra) = try await Self.jobCopy(in: folder, withExtraFiles: ["VID_20241219_080000.mp4": broken, "VID_20241211_120000.mp4": broken])
        let withCandidate = extra.appendingPathComponent("VID_20241219_080000.mp4").path
        let alone = extra.appendingPathComponent("VID_20241211_120000.mp4").path

        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(plan.standardOutput.contains(withCandidate) && plan.standardOutput.contains(alone), "the plan chooses both broken clips")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "plain"])
        #expect(run.status == 0, "stderr: \(run.standardError)")
        for path in [withCandidate, alone] {
            #expect(run.standardError.components(separatedBy: "warning: \(path): ").count == 2, "one warning names \(path)")
            #expect(run.standardOutput.components(separatedBy: "dropped \(path): ").count == 2, "the summary names \(path) once")
        }
        #expect(run.standardError.contains("planned again without it"))
        #expect(run.standardOutput.contains("days: 24 of 31 included"), "the 19th falls back to IMG_0018, the 11th is out")
        let leftOut = run.standardOutput.split(separator: "\n").filter { $0.contains("left out") }
        #expect(leftOut.contains { $0.contains("2024-12-11") }, "the summary says the 11th is left out: \(leftOut)")
        #expect(try Data(contentsOf: Self.output(beside: job)) == reel, "the same reel as without the broken clips")
    }

    /// `--strict`: the run fails on the broken clip of the 19th, keeps what it finished and leaves the previous
    /// output alone; a run without `--strict` then renders only what the failure left.
    @Test func underStrictABrokenClipFailsTheRunKeepingFinishedSegmentsAndThePreviousOutput() async throws {
        let reel = try await DemoLibrary.reel()
        let broken = try DemoLibrary.brokenClip(cutFrom: reel, mediaFraction: 0.01)
        let folder = try TemporaryFolder("job")
        let (job, extra) = try await Self.jobCopy(in: folder, withExtraFiles: ["VID_20241219_080000.mp4": broken])
        try Self.excludingTheDemosUnreadableFile(try String(contentsOf: job, encoding: .utf8)).write(to: job, atomically: true, encoding: .utf8)
        let output = Self.output(beside: job)
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let previous = Data("the reel of an earlier run\n".utf8)
        try previous.write(to: output)

        let strict = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--strict"])
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: \(extra.appendingPathComponent("VID_20241219_080000.mp4").path): "))
        #expect(try Data(contentsOf: output) == previous, "the previous output is untouched")
        let kept = Self.finishedRecords(beside: job)
        #expect(kept > 0 && kept < 26, "the segments that did not need the broken clip are kept (\(kept))")

        // The 19th falls back to IMG_0018: its segment and the next (whose transition shows its end) are new;
        // every other segment was kept by the failed run.
        let lenient = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(lenient.status == 0, "stderr: \(lenient.standardError)")
        #expect(kept >= 24)
        #expect(lenient.standardOutput.contains("segments: 2 rendered, 24 reused (of 26)"), "\(lenient.standardOutput)")
        #expect(try Data(contentsOf: output) == reel)
    }

    @Test func freshIgnoresTheWorkFolderAndRendersEverySegmentAgain() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let first = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(first.status == 0, "stderr: \(first.standardError)")
        let leftover = job.deletingLastPathComponent().appendingPathComponent(".dvpipe/demo/segments/0123abcd.mp4")
        try Data("a segment of an earlier version of the job".utf8).write(to: leftover)

        let fresh = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--fresh"])
        #expect(fresh.status == 0, "stderr: \(fresh.standardError)")
        #expect(fresh.standardOutput.contains("segments: 26 rendered, 0 reused (of 26)"), "\(fresh.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path), "the old work folder is gone")
        #expect(try await Data(contentsOf: Self.output(beside: job)) == DemoLibrary.reel())

        // The assemble manifest: status calls the output up to date, and a run with nothing to do keeps it.
        let status = try DVPipeProcess.run(["status", job.path])
        #expect(status.standardOutput.contains("output: \(Self.output(beside: job).path) up to date"), "\(status.standardOutput)")
        let again = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(again.standardOutput.contains("kept \(Self.output(beside: job).path) (already up to date)"), "\(again.standardOutput)")
        #expect(again.standardOutput.contains("segments: 0 rendered, 26 reused (of 26)"))
        #expect(try await Data(contentsOf: Self.output(beside: job)) == DemoLibrary.reel())
    }
}

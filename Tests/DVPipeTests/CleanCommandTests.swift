import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe clean`: deletes the job's own work folder and nothing else.
@Suite(.tags(.endToEnd)) struct CleanCommandTests {
    @Test func cleanDeletesTheJobsWorkFolderAndLeavesTheOutputAndTheLibrary() async throws {
        let scratch = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: scratch)
        let folder = scratch.url
        let work = folder.appendingPathComponent(".dvpipe/demo")
        let rendered = try DVPipeProcess.run(["render", job.path, "--shard", "51/51", "--progress", "none"])
        #expect(rendered.status == 0, "stderr: \(rendered.standardError)")
        #expect(FileManager.default.fileExists(atPath: work.appendingPathComponent("segments").path))
        let output = RunCommandTests.output(beside: job)
        try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("an earlier reel\n".utf8).write(to: output)
        let libraryBefore = try FileManager.default.contentsOfDirectory(atPath: await DemoLibrary.folder().appendingPathComponent("library").path)

        let cleaned = try DVPipeProcess.run(["clean", job.path])
        #expect(cleaned.status == 0, "stderr: \(cleaned.standardError)")
        #expect(cleaned.standardOutput.contains("removed \(work.path)"))
        #expect(!FileManager.default.fileExists(atPath: work.path))
        #expect(FileManager.default.fileExists(atPath: job.path))
        #expect(try Data(contentsOf: output) == Data("an earlier reel\n".utf8), "the output stays")
        let libraryAfter = try FileManager.default.contentsOfDirectory(atPath: await DemoLibrary.folder().appendingPathComponent("library").path)
        #expect(libraryAfter.sorted() == libraryBefore.sorted())

        let again = try DVPipeProcess.run(["clean", job.path])
        #expect(again.status == 0)
        #expect(again.standardOutput.contains("nothing to remove"))
    }

    @Test func cleanRefusesAFolderDvpipeDidNotCreate() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let other = job.deletingLastPathComponent().appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let precious = other.appendingPathComponent("IMG_0001.JPG")
        try Data("a picture\n".utf8).write(to: precious)

        let result = try DVPipeProcess.run(["clean", job.path, "--work-dir", other.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(other.path) is not a dvpipe work folder"))
        #expect(try Data(contentsOf: precious) == Data("a picture\n".utf8))
    }
}

import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe demo` run as a user would: the built binary, a fresh folder, its output and exit status.
@Suite(.tags(.endToEnd)) struct DemoCommandTests {
    @Test func writesTheLibraryAndSaysWhatToRunNext() throws {
        let scratch = try TemporaryFolder("demo")
        let folder = scratch.url.appendingPathComponent("demo")
        let result = try DVPipeProcess.run(["demo", folder.path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("Wrote 34 files covering 25 days of December 2024"))
        #expect(result.standardOutput.contains("Next: dvpipe plan \(folder.path)/demo.yaml"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("demo.yaml").path))
        #expect(result.standardOutput.contains("Music: \(folder.path)/music/theme.m4a"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("music/theme.m4a").path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("library").path)
        #expect(files.count == 34)
        #expect(files.contains("IMG_0005.JPG") && files.contains("IMG_0005.MOV"))
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary files left behind")
    }

    @Test func theScanBenchmarkLibraryIsDistinctClipsDatedByNameHalfWithSidecars() throws {
        let scratch = try TemporaryFolder("bench")
        let folder = scratch.url.appendingPathComponent("bench")
        let result = try DVPipeProcess.run(["demo", folder.path, "--scan-benchmark", "730"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let camera = folder.appendingPathComponent("library/DCIM/Camera")
        let names = try FileManager.default.contentsOfDirectory(atPath: camera.path).sorted()
        let files = names.filter { $0.hasSuffix(".mp4") }
        #expect(files.count == 730)
        #expect(files.first == "VID_20230101_000000.mp4" && files.last == "VID_20231231_120000.mp4")
        #expect(
            names.filter { $0.hasSuffix(".supplemental-metadata.json") }
                == files.enumerated().filter { $0.offset % 2 == 0 }.map { $0.element + ".supplemental-metadata.json" },
            "a Takeout sidecar beside every other clip")
        let plan = try DVPipeProcess.run(["plan", folder.appendingPathComponent("bench.yaml").path, "--json"])
        #expect(plan.status == 0, "stderr: \(plan.standardError)")
        struct Totals: Decodable {
            let days: Int, daysWithMedia: Int, clipsInTimeframe: Int, unreadableFiles: Int
        }
        struct Document: Decodable { let totals: Totals }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let totals = try decoder.decode(Document.self, from: Data(plan.standardOutput.utf8)).totals
        #expect(totals.days == 365 && totals.daysWithMedia == 365)
        #expect(totals.clipsInTimeframe == 730 && totals.unreadableFiles == 0)
    }

    @Test func missingFolderArgumentIsAnError() throws {
        let result = try DVPipeProcess.run(["demo"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("Missing expected argument"))
    }

    @Test func unwritableFolderFailsWithAMessage() throws {
        let result = try DVPipeProcess.run(["demo", "/proc/dvpipe-demo"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error:"))
    }
}

/// `dvpipe demo --reference`: the benchmark's library and job, small.
@Suite struct ReferenceDemoCommandTests {
    @Test func writesTheReferenceLibraryAndItsJob() throws {
        let scratch = try TemporaryFolder("reference")
        let folder = scratch.url.appendingPathComponent("reference")
        let result = try DVPipeProcess.run(["demo", "--reference", "--days", "2", "--clip-seconds", "0.5", folder.path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("Wrote 2 clips of 0.5 s, one a day from 2023-01-01"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("library").path).sorted()
        #expect(files == ["VID_20230101_120000.mp4", "VID_20230102_120000.mp4"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("reference.yaml").path))
    }

    @Test func daysWithoutReferenceIsAnError() throws {
        let result = try DVPipeProcess.run(["demo", "--days", "5", "/tmp/unused"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("--days and --clip-seconds go with --reference"))
    }
}

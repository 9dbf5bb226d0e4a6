import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// End to end: `dvpipe apply`, `pin` and `skip` edit the job file in place, only the changed days' lines,
/// and refuse bad changes with the job file untouched.
@Suite("dvpipe apply, pin and skip", .tags(.endToEnd))
struct ApplyCommandTests {
    static let job = """
        # my four days
        version: 1
        name: Four days
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-19 }   # the library's first days
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10 }

        days:
          2024-11-17:
            caption: "Sunday"   # keep me

        """

    /// A folder with the first four days of `DatedLibrary` and the job above, made read-only for the group
    /// and others so that its permissions can be checked after a change.
    private func project() throws -> (folder: TemporaryFolder, job: URL) {
        let folder = try TemporaryFolder("apply")
        try DatedLibrary.fourDays(in: folder)
        let job = folder.url.appendingPathComponent("job.yaml")
        try Self.job.write(to: job, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: job.path)
        return (folder, job)
    }

    private func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test func applyWritesOnlyTheChangedDaysAndKeepsThePermissions() throws {
        let (folder, job) = try project()
        let changes = folder.url.appendingPathComponent("changes.yaml")
        try """
        # dvpipe review: changes to job.yaml, apply with: dvpipe apply job.yaml changes.yaml
        job: Four days
        days:
          2024-11-16:
            pin: {file: "VID_20241116_120000.mp4", start: 0.5s}
          2024-11-17:
            skip: true
        """.write(to: changes, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["apply", job.path, changes.path])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.split(separator: "\n").count == 2)
        let expected = Self.job.replacingOccurrences(
            of: "days:\n", with: "days:\n  2024-11-16:\n    pin: {file: \"VID_20241116_120000.mp4\", start: 0.5s}\n"
        )
        .replacingOccurrences(of: "# keep me\n", with: "# keep me\n    skip: true\n")
        #expect(try text(job) == expected)
        let permissions = try FileManager.default.attributesOfItem(atPath: job.path)[.posixPermissions] as? Int
        #expect(permissions == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["changes.yaml", "job.yaml", "media"])
    }

    @Test func applyRefusesAnotherJobADateOutsideTheTimeframeAndUnknownKeys() throws {
        let (folder, job) = try project()
        let changes = folder.url.appendingPathComponent("changes.yaml")
        let cases = [
            ("job: Another job\ndays:\n  2024-11-16:\n    skip: true\n", "changes.yaml:1:6: error: these changes are for the job 'Another job'"),
            ("job: Four days\ndays:\n  2024-12-25:\n    skip: true\n", "changes.yaml:3:3: error: 2024-12-25 is outside the job's timeframe"),
            ("job: Four days\ndays:\n  2024-11-16:\n    skip: true\n    caption: x\n", "changes.yaml:5:5: error: unknown key 'caption'"),
            ("job: Four days\ndays:\n  2024-11-16:\n    pin: {file: a.mp4, start: 1.2345s}\n", "changes.yaml:4:31: error: days.2024-11-16.pin.start"),
            ("job: Four days\nextra: 1\n", "changes.yaml:2:1: error: unknown key 'extra'")
        ]
        for (content, message) in cases {
            try content.write(to: changes, atomically: true, encoding: .utf8)
            let run = try DVPipeProcess.run(["apply", "job.yaml", "changes.yaml"], in: folder.url)
            #expect(run.status == 2)
            #expect(run.standardError.contains(message), "\(run.standardError)")
            #expect(try text(job) == Self.job)
        }
    }

    @Test func pinAndSkipTakeHostileFileNamesAndRefuseWhatWouldNotLoad() throws {
        let (folder, job) = try project()
        defer { withExtendedLifetime(folder) {} }
        for name in ["say \"cheese\".mp4", "two\nlines.mp4", "back\\slash.mp4", "東京/夜景.mp4"] {
            let run = try DVPipeProcess.run(["pin", job.path, "2024-11-18", name, "--start", "1.25"])
            #expect(run.status == 0, "\(run.standardError)")
            let day = try #require(JobLoader.load(path: job.path).job?.days[CalendarDay("2024-11-18")!])
            #expect(day.pin == Job.Pin(file: name, start: ClipStart("1.25s")))
        }
        try Self.job.write(to: job, atomically: true, encoding: .utf8)
        let skip = try DVPipeProcess.run(["skip", job.path, "2024-11-17"])
        #expect(skip.status == 0)
        #expect(try text(job) == Self.job.replacingOccurrences(of: "# keep me\n", with: "# keep me\n    skip: true\n"))
        let undo = try DVPipeProcess.run(["skip", job.path, "2024-11-17", "--undo"])
        #expect(undo.status == 0)
        #expect(try text(job) == Self.job.replacingOccurrences(of: "# keep me\n", with: "# keep me\n    skip: false\n"))
        let outside = try DVPipeProcess.run(["skip", job.path, "2024-12-01"])
        #expect(outside.status == 2)
        #expect(outside.standardError.contains("outside the job's timeframe"))
        let broken = Self.job.replacingOccurrences(of: "fps: 10 }", with: "fps: 10, fit: cove }")
        try broken.write(to: job, atomically: true, encoding: .utf8)
        let refused = try DVPipeProcess.run(["skip", job.path, "2024-11-16"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("job.yaml:6:"), "\(refused.standardError)")
        #expect(try text(job) == broken)
    }

    /// The fields of `plan --json` this test compares.
    struct PlanDocument: Decodable, Equatable {
        struct Day: Decodable, Equatable {
            let date: String
            let file: String?
            let reason: String
            let status: String
        }
        let days: [Day]
    }

    @Test func aPlanAfterPinDiffersOnExactlyThatDay() throws {
        let (folder, job) = try project()
        defer { withExtendedLifetime(folder) {} }
        let before = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(before.status == 0, "\(before.standardError)")
        let pin = try DVPipeProcess.run(["pin", job.path, "2024-11-18", "VID_20241118_120000.mp4", "--start", "0.5s"])
        #expect(pin.status == 0, "\(pin.standardError)")
        let after = try DVPipeProcess.run(["plan", job.path, "--json"])
        let old = try JSONDecoder().decode(PlanDocument.self, from: Data(before.standardOutput.utf8)).days
        let new = try JSONDecoder().decode(PlanDocument.self, from: Data(after.standardOutput.utf8)).days
        #expect(old.count == 4 && new.count == 4)
        #expect(zip(old, new).filter { $0 != $1 }.map(\.0.date) == ["2024-11-18"])
    }
}

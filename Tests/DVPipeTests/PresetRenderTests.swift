import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Two month jobs that extend one preset, rendered: they validate and render; a change in the preset
/// re-renders what it changes in each job and nothing else; `validate` reports a preset's mistake at the
/// preset's line, included from the job's.
@Suite(.serialized, .tags(.endToEnd)) struct PresetRenderTests {
    /// The house style: the library, the output, cuts, a date stamp and one caption in each month.
    static func preset(caption: String = "Birthday", dateFormat: String = "MMM d") -> String {
        """
        version: 1
        library: { paths: [../media], timezone: UTC }
        output: { resolution: 160x90, fps: 10 }
        transition: { style: cut }
        overlays:
          - date: { format: "\(dateFormat)", position: bottom-left, size: 0.2 }
        days:
          2024-11-20: { caption: Autumn }
          2024-12-03: { caption: \(caption) }

        """
    }

    /// A repository with the dated library in `media/`, the preset in `presets/style.yaml` and the two month
    /// jobs in `jobs/`; returns the jobs.
    static func repository(in folder: TemporaryFolder) throws -> [URL] {
        try DatedLibrary.copyWithNewTimes(try DatedLibrary.library.get().url, to: folder.url.appendingPathComponent("media"))
        try preset().write(to: try folder.subfolder("presets").appendingPathComponent("style.yaml"), atomically: true, encoding: .utf8)
        let jobs = try folder.subfolder("jobs")
        return try ["11", "12"].map { month in
            let job = jobs.appendingPathComponent("2024-\(month).yaml")
            try """
            extends: ../presets/style.yaml
            timeframe: { month: 2024-\(month) }
            output: { path: ../out/2024-\(month).mp4 }

            """.write(to: job, atomically: true, encoding: .utf8)
            return job
        }
    }

    /// Runs the job and returns the numbers of its `segments: N rendered, M reused (of T)` line.
    static func run(_ job: URL) throws -> (rendered: Int, reused: Int) {
        let result = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(result.status == 0, "run failed: \(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("segments: ") }, "\(result.standardOutput)")
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count >= 3, "\(line)")
        return (numbers[0], numbers[1])
    }

    @Test("two month jobs on one preset render; a preset change re-renders what it changes in each job, and nothing else")
    func presetChangesReRenderWhatTheyChange() throws {
        let folder = try TemporaryFolder("preset-render")
        let jobs = try Self.repository(in: folder)
        for job in jobs {
            #expect(try DVPipeProcess.run(["validate", job.path]).status == 0)
        }
        let first = try jobs.map(Self.run)
        #expect(first.map(\.rendered) == [15, 9] && first.map(\.reused) == [0, 0], "November has 15 days of clips, December 9")
        for month in ["11", "12"] {
            let census = try FrameCensus.take(folder.url.appendingPathComponent("out/2024-\(month).mp4"))
            #expect(census.pictureWidth == 160 && census.pictureHeight == 90, "the preset's resolution")
        }

        let style = folder.url.appendingPathComponent("presets/style.yaml")
        try Self.preset(caption: "Birthday!").write(to: style, atomically: true, encoding: .utf8)
        let captionChanged = try jobs.map(Self.run)
        #expect(captionChanged.map(\.rendered) == [0, 1], "only December 3's segment shows the caption")

        try Self.preset(caption: "Birthday!", dateFormat: "d MMM").write(to: style, atomically: true, encoding: .utf8)
        let stampChanged = try jobs.map(Self.run)
        #expect(stampChanged.map(\.rendered) == [15, 9], "the date stamp is on every day of both months")
    }

    @Test("validate reports a preset's mistake at the preset's line, included from the job's extends:")
    func presetMistakeIsLocated() throws {
        let folder = try TemporaryFolder("preset-validate")
        let jobs = try Self.repository(in: folder)
        let style = folder.url.appendingPathComponent("presets/style.yaml")
        try Self.preset().replacingOccurrences(of: "style: cut", with: "style: cutt").write(to: style, atomically: true, encoding: .utf8)
        let result = try DVPipeProcess.run(["validate", jobs[0].path, jobs[1].path])
        #expect(result.status == 2)
        for job in jobs {
            #expect(result.standardOutput.contains("\(style.path):4:22: error: "), "\(result.standardOutput)")
            #expect(result.standardOutput.contains("(included from \(job.path):1:10)"), "\(result.standardOutput)")
        }
        let printed = try DVPipeProcess.run(["validate", "--print", jobs[1].path])
        #expect(printed.standardOutput.contains("  month: 2024-12\n"))
        #expect(printed.standardOutput.contains("style: cutt  # \(style.path):4"))
    }
}

import DVPlanning
import DVTestBasics
import Foundation
import Testing

/// `extends:`: jobs built on presets, merged before they are read, with every problem at the line that
/// has it and the chain of files that included it.
@Suite("Job presets")
struct JobPresetsTests {
    /// A scratch folder with `media/`, `presets/` and `jobs/`, and files written into it.
    struct Repository {
        let folder: TemporaryFolder

        init() throws {
            folder = try TemporaryFolder("presets")
            for name in ["media", "presets", "jobs"] { _ = try folder.subfolder(name) }
        }

        func write(_ path: String, _ text: String) throws {
            try text.write(to: folder.url.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }

        func load(_ path: String) -> JobLoadResult {
            JobLoader.load(path: folder.url.appendingPathComponent(path).path)
        }

        var root: String { folder.url.path }
    }

    static let style = """
        version: 1
        library: { paths: [../media], timezone: Europe/Paris }
        output:
          path: ../out/default.mp4
          resolution: 720p
          video: { crf: 24, preset: slow }
        overlays:
          - date: { format: "MMM d" }
        days:
          2024-11-01: { caption: All Saints }
          2024-12-24: { caption: Eve }
          2024-12-25: { caption: Christmas }
        """

    @Test("two month jobs extend one preset: mappings merge at every depth, lists are replaced, paths start at the preset")
    func twoMonthsOnePreset() throws {
        let repository = try Repository()
        try repository.write("presets/style.yaml", Self.style)
        try repository.write(
            "jobs/2024-11.yaml",
            """
            extends: ../presets/style.yaml
            timeframe: { month: 2024-11 }
            output: { path: ../out/2024-11.mp4 }
            """)
        try repository.write(
            "jobs/2024-12.yaml",
            """
            extends: [../presets/style.yaml]
            timeframe: { month: 2024-12 }
            output: { path: ../out/2024-12.mp4, video: { crf: 18 } }
            overlays: []
            days:
              2024-12-25: { skip: true }
            """)
        let november = try #require(repository.load("jobs/2024-11.yaml").job)
        let december = try #require(repository.load("jobs/2024-12.yaml").job)
        #expect(november.library.paths == [repository.root + "/media"])
        #expect(november.library.timeZoneIdentifier == "Europe/Paris" && december.library.timeZoneIdentifier == "Europe/Paris")
        #expect(november.output.path == repository.root + "/out/2024-11.mp4")
        #expect(november.output.video.crf == 24 && december.output.video.crf == 18)
        #expect(december.output.video.preset == .slow, "a mapping merges key by key: the preset's preset stays beside the job's crf")
        #expect(november.overlays.count == 1 && december.overlays.isEmpty, "a list is replaced whole")
        #expect(november.name == "2024-11", "the job's name comes from the job's file, not the preset's")
        let christmas = try #require(december.days[CalendarDay("2024-12-25")!])
        #expect(christmas.skip && christmas.caption == nil, "a date's entry replaces the preset's entry for that date whole")
        #expect(december.days[CalendarDay("2024-12-24")!]?.caption == "Eve", "other dates stay")
    }

    @Test("later presets win over earlier ones, and a preset may extend another, paths from its own folder")
    func laterWinsAndNesting() throws {
        let repository = try Repository()
        _ = try repository.folder.subfolder("presets/base")
        try repository.write("presets/base/library.yaml", "library: { paths: [../../media] }\noutput: { video: { crf: 30 } }\n")
        try repository.write("presets/quality.yaml", "extends: base/library.yaml\noutput: { video: { crf: 20 } }\n")
        try repository.write("presets/draft.yaml", "output: { video: { crf: 35, preset: ultrafast } }\n")
        try repository.write(
            "jobs/a.yaml",
            """
            version: 1
            extends: [../presets/draft.yaml, ../presets/quality.yaml]
            timeframe: { month: 2024-12 }
            output: { path: a.mp4 }
            """)
        let job = try #require(repository.load("jobs/a.yaml").job)
        #expect(job.library.paths == [repository.root + "/media"])
        #expect(job.output.video.crf == 20, "quality.yaml comes later than draft.yaml, and its own crf over its base's")
        #expect(job.output.video.preset == .ultrafast, "what only the earlier preset says stays")
        #expect(job.output.path == repository.root + "/jobs/a.mp4")
    }

    @Test("a preset's output settings apply to each entry of outputs:, an output's own keys winning, so a theme works with several outputs")
    func presetOutputReachesEveryOutput() throws {
        let repository = try Repository()
        try repository.write("presets/house.yaml", "output: { fps: 25, video: { crf: 28, preset: slow }, look: { lut: theme:soft } }\n")
        try repository.write(
            "jobs/a.yaml",
            """
            version: 1
            extends: [theme:film, ../presets/house.yaml]
            library: { paths: [../media] }
            timeframe: { month: 2024-12 }
            outputs:
              - { path: wide.mp4, resolution: 1280x720 }
              - { path: tall.mp4, resolution: 720x1280, video: { crf: 20 }, look: { lut: theme:bold, strength: 0.5 } }
            """)
        let result = repository.load("jobs/a.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let job = try #require(result.job)
        #expect(job.outputs.map(\.path) == [repository.root + "/jobs/wide.mp4", repository.root + "/jobs/tall.mp4"])
        #expect(job.outputs.map(\.fps) == [25, 25])
        #expect(job.outputs.map(\.video.crf) == [28, 20], "the output's own crf wins")
        #expect(job.outputs.map(\.video.preset) == [.slow, .slow], "what only the preset says stays beside it")
        #expect(job.outputs.map { $0.look?.lut } == ["theme:soft", "theme:bold"], "the later preset's look over the theme's, the output's over both")
        #expect(job.outputs.map { $0.look?.strength } == [1, 0.5])

        try repository.write(
            "jobs/b.yaml",
            """
            version: 1
            extends: theme:film
            library: { paths: [../media] }
            timeframe: { month: 2024-12 }
            outputs: [{ path: wide.mp4, resolution: 1280x720 }, { path: tall.mp4, resolution: 720x1280 }]
            """)
        let themed = try #require(repository.load("jobs/b.yaml").job)
        #expect(themed.outputs.map { $0.look?.lut } == ["theme:film", "theme:film"])
        #expect(themed.transition.duration == TimeSpan(milliseconds: 750))
    }

    @Test("a job that writes both output: and outputs: itself is still an error, at its output: line")
    func jobWithBothOutputKeys() throws {
        let repository = try Repository()
        try repository.write(
            "jobs/a.yaml",
            """
            version: 1
            extends: theme:film
            library: { paths: [../media] }
            timeframe: { month: 2024-12 }
            output: { path: one.mp4 }
            outputs: [{ path: wide.mp4 }]
            """)
        let result = repository.load("jobs/a.yaml")
        #expect(result.job == nil)
        #expect(
            result.diagnostics.map(\.description).contains {
                $0.contains("a.yaml:5:1: error: output and outputs: give one output, or list them all under outputs")
            }, "\(result.diagnostics)")
    }

    @Test("an error in a preset is reported at the preset's line, with the line of each extends: that included it")
    func errorsInPresetsAreLocated() throws {
        let repository = try Repository()
        try repository.write("presets/inner.yaml", "output:\n  video: { crf: 99 }\n")
        try repository.write("presets/outer.yaml", "# house style\nextends: inner.yaml\n")
        try repository.write(
            "jobs/dec.yaml",
            """
            version: 1
            library: { paths: [../media] }
            timeframe: { month: 2024-12 }
            extends: ../presets/outer.yaml
            output: { path: dec.mp4 }
            """)
        let result = repository.load("jobs/dec.yaml")
        #expect(result.job == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        let jobFile = repository.root + "/jobs/dec.yaml"
        #expect(error.location.file == repository.root + "/presets/inner.yaml")
        #expect(error.location.line == 2 && error.location.column == 17)
        #expect(error.location.includedFrom.map(\.line) == [2, 4])
        #expect(error.location.includedFrom.last?.file == jobFile)
        #expect(error.description.hasSuffix("(included from \(error.location.includedFrom[0]), included from \(jobFile):4:10)"), "\(error)")
        #expect(error.message.contains("crf"))
    }

    @Test("a missing preset, a cycle and an extends: that is no path are located errors")
    func badExtends() throws {
        let repository = try Repository()
        try repository.write("presets/a.yaml", "extends: b.yaml\n")
        try repository.write("presets/b.yaml", "extends: [a.yaml]\n")
        let job = "version: 1\nlibrary: { paths: [../media] }\ntimeframe: { month: 2024-12 }\noutput: { path: x.mp4 }\n"
        try repository.write("jobs/missing.yaml", job + "extends: ../presets/none.yaml\n")
        try repository.write("jobs/cycle.yaml", job + "extends: ../presets/a.yaml\n")
        try repository.write("jobs/number.yaml", job + "extends: { file: a.yaml }\n")
        try repository.write("jobs/self.yaml", job + "extends: self.yaml\n")

        let missing = repository.load("jobs/missing.yaml")
        #expect(missing.errors.map(\.location.line) == [5])
        #expect(missing.errors.first?.message.contains("cannot read preset '../presets/none.yaml'") == true)

        let cycle = repository.load("jobs/cycle.yaml")
        let loop = try #require(cycle.errors.first)
        #expect(cycle.errors.count == 1)
        #expect(
            loop.message.contains("presets/a.yaml → ") && loop.message.contains("presets/b.yaml → ")
                && loop.message.hasPrefix("extends makes a cycle"))
        #expect(loop.location.file.hasSuffix("presets/b.yaml") && loop.location.includedFrom.count == 2)

        #expect(repository.load("jobs/number.yaml").errors.first?.message.contains("extends must be a preset file or a list of them") == true)
        #expect(repository.load("jobs/self.yaml").errors.first?.message.contains("cycle") == true)
    }

    @Test("a job without extends: loads exactly as before, its locations naming no other file")
    func plainJobsUnchanged() throws {
        let repository = try Repository()
        try repository.write(
            "jobs/plain.yaml",
            "version: 1\nlibrary: { paths: [../media] }\ntimeframe: { month: 2024-12 }\noutput: { path: x.mp4, video: { crf: 99 } }\n")
        let result = repository.load("jobs/plain.yaml")
        #expect(result.errors.count == 1 && result.errors[0].location.includedFrom.isEmpty)
        let encoded = String(decoding: try JSONEncoder().encode(result.errors[0].location), as: UTF8.self)
        #expect(!encoded.contains("included"))
    }

    @Test("merging: mappings key by key, anything else replaced")
    func mergeRules() {
        let place = SourceLocation(file: "t", line: 1, column: 1)
        func scalar(_ text: String) -> YAMLNode { YAMLNode(.scalar(text, isPlain: true), at: place) }
        func map(_ pairs: [(String, YAMLNode)]) -> YAMLNode {
            YAMLNode(.mapping(pairs.map { YAMLNode.Entry(key: scalar($0.0), value: $0.1) }), at: place)
        }
        let base = map([("a", map([("x", scalar("1")), ("y", scalar("2"))])), ("list", YAMLNode(.sequence([scalar("p")]), at: place))])
        let over = map([("a", map([("y", scalar("3"))])), ("list", YAMLNode(.sequence([]), at: place)), ("b", scalar("4"))])
        let merged = JobComposition.merge(base, under: over)
        #expect(
            merged == map([("a", map([("x", scalar("1")), ("y", scalar("3"))])), ("list", YAMLNode(.sequence([]), at: place)), ("b", scalar("4"))]))
        #expect(JobComposition.merge(base, under: scalar("5")) == scalar("5"))
    }
}

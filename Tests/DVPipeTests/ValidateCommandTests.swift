import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// End to end: runs the built `dvpipe validate` and checks its output and exit status.
@Suite("dvpipe validate", .tags(.endToEnd))
struct ValidateCommandTests {
    /// The package root, from this file's place.
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `dvpipe` built beside the test bundle (the products folder), else in the default debug folder.
    private static func executable() throws -> URL {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            runner.deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            runner.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(),
            root.appendingPathComponent(".build/debug")
        ].map { $0.appendingPathComponent("dvpipe") }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "no built dvpipe in \(candidates)")
    }

    /// `dvpipe validate` with `arguments` in `folder`, as inside a GitHub Actions job when `github` is true.
    private func validate(_ arguments: [String], in folder: URL, github: Bool = false) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try Self.executable()
        process.arguments = ["validate"] + arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(["GITHUB_ACTIONS": github ? "true" : "false"]) { _, new in new }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A temporary folder with a library folder, a good job, a job with a warning and a bad job.
    private func jobsFolder() throws -> TemporaryFolder {
        let scratch = try TemporaryFolder("validate")
        let folder = scratch.url
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("jobs/lib"), withIntermediateDirectories: true)
        let good = "version: 1\nlibrary: { paths: [lib] }\ntimeframe: { month: 2024-12 }\noutput: { path: out.mp4 }\n"
        try good.write(to: folder.appendingPathComponent("jobs/good.yaml"), atomically: true, encoding: .utf8)
        try (good + "days: { 2025-01-01: { skip: true } }\n").write(
            to: folder.appendingPathComponent("jobs/warn.yaml"), atomically: true, encoding: .utf8)
        let bad = "version: 1\nlibrary: { paths: [lib] }\ntimeframe: { month: 2024-12 }\noutput: { path: out.mp4, fit: cove }\ntrasition: {}\n"
        try bad.write(to: folder.appendingPathComponent("jobs/bad.yaml"), atomically: true, encoding: .utf8)
        return scratch
    }

    @Test func goodJobPrintsOkAndExitsZero() throws {
        let scratch = try jobsFolder()
        let run = try validate(["jobs/good.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(run.output == "jobs/good.yaml: ok (0 errors, 0 warnings)\n")
    }

    @Test func warningsArePrintedButDoNotFail() throws {
        let scratch = try jobsFolder()
        let run = try validate(["jobs/warn.yaml"], in: scratch.url)
        #expect(run.status == 0)
        #expect(
            run.output == """
                jobs/warn.yaml:5:9: warning: days: 2025-01-01 is outside the timeframe 2024-12-01…2024-12-31; its settings are never used
                jobs/warn.yaml: ok (0 errors, 1 warning)

                """)
    }

    @Test func errorsArePrintedWithPlacesAndExitTwo() throws {
        let scratch = try jobsFolder()
        let run = try validate(["jobs/good.yaml", "jobs/bad.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(
            run.output == """
                jobs/good.yaml: ok (0 errors, 0 warnings)
                jobs/bad.yaml:4:31: error: unknown output.fit 'cove'; did you mean 'cover'? (one of: contain, cover, blur, subject)
                jobs/bad.yaml:5:1: error: unknown key 'trasition' at the top level; did you mean 'transition'?
                jobs/bad.yaml: failed (2 errors, 0 warnings)

                """)
    }

    @Test("inside GitHub Actions (or with --format github) problems are workflow commands on the job file's line")
    func githubAnnotations() throws {
        let scratch = try jobsFolder()
        let expected = """
            jobs/good.yaml: ok (0 errors, 0 warnings)
            ::error file=jobs/bad.yaml,line=4,col=31::unknown output.fit 'cove'; did you mean 'cover'? (one of: contain, cover, blur, subject)
            ::error file=jobs/bad.yaml,line=5,col=1::unknown key 'trasition' at the top level; did you mean 'transition'?
            jobs/bad.yaml: failed (2 errors, 0 warnings)

            """
        let automatic = try validate(["jobs/good.yaml", "jobs/bad.yaml"], in: scratch.url, github: true)
        #expect(automatic.status == 2 && automatic.output == expected)
        let asked = try validate(["--format", "github", "jobs/good.yaml", "jobs/bad.yaml"], in: scratch.url)
        #expect(asked.status == 2 && asked.output == expected)
        let text = try validate(["--format", "text", "jobs/bad.yaml"], in: scratch.url, github: true)
        #expect(text.output.hasPrefix("jobs/bad.yaml:4:31: error: "), "--format text wins over the environment")
        let warning = try validate(["jobs/warn.yaml"], in: scratch.url, github: true)
        #expect(warning.status == 0)
        #expect(warning.output.hasPrefix("::warning file=jobs/warn.yaml,line=5,col=9::days: 2025-01-01 is outside"), "\(warning.output)")
    }

    @Test func missingFileIsAnErrorWithStatusTwo() throws {
        let scratch = try jobsFolder()
        let run = try validate(["jobs/nope.yaml"], in: scratch.url)
        #expect(run.status == 2)
        #expect(run.output.hasPrefix("jobs/nope.yaml:1:1: error: cannot read job file: no such file\n"))
    }

    /// A job naming overlay, music and font files that exist but are not what the job uses them for:
    /// each is an error at its place, found by opening it as rendering would; a real font passes.
    private func folderWithUnusableFiles() throws -> TemporaryFolder {
        let scratch = try jobsFolder()
        let folder = scratch.url
        for name in ["logo.png", "clip.mp4", "song.m4a", "Broken.ttf"] {
            try Data("not media at all\n".utf8).write(to: folder.appendingPathComponent("jobs/\(name)"))
        }
        let job = """
            version: 1
            library: { paths: [lib] }
            timeframe: { month: 2024-12 }
            output: { path: out.mp4 }
            audio: { music: { file: song.m4a } }
            overlays:
              - image: { file: logo.png }
              - video: { file: clip.mp4, rect: { x: 0, y: 0, width: 0.25, height: 0.25 } }
              - text: { text: "hello", font: Broken.ttf }
              - date: { font: /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf }

            """
        try job.write(to: folder.appendingPathComponent("jobs/files.yaml"), atomically: true, encoding: .utf8)
        return scratch
    }

    @Test("files that exist but cannot be used are errors at their places; music is a warning (left out)")
    func filesThatExistButCannotBeUsedAreErrorsAtTheirPlaces() throws {
        let scratch = try folderWithUnusableFiles()
        let folder = scratch.url
        let run = try validate(["jobs/files.yaml"], in: folder)
        #expect(run.status == 2)
        let lines = run.output.split(separator: "\n").map(String.init)
        let expected = [
            "jobs/files.yaml:5:25: warning: audio.music.file cannot be used as music: ",
            "jobs/files.yaml:7:20: error: overlays[0].image.file cannot be used as a picture: ",
            "jobs/files.yaml:8:20: error: overlays[1].video.file cannot be used as a movie: ",
            "jobs/files.yaml:9:34: error: overlays[2].text.font cannot be used as a font: "
        ]
        #expect(lines.count == expected.count + 1, "\(run.output)")
        for (line, prefix) in zip(lines, expected) {
            #expect(line.hasPrefix(prefix), "\(line)")
        }
        #expect(lines.first?.hasSuffix("; the reel is made without this track") == true, "\(lines)")
        #expect(lines.last == "jobs/files.yaml: failed (3 errors, 1 warning)")
    }

    @Test func runStopsOnUnusableFilesBeforeRenderingAnything() throws {
        let scratch = try folderWithUnusableFiles()
        let folder = scratch.url
        let run = try DVPipeProcess.run(["run", "jobs/files.yaml", "--progress", "none"], in: folder)
        #expect(run.status == 2)
        #expect(run.standardError.contains("jobs/files.yaml:7:20: error: overlays[0].image.file cannot be used as a picture: "))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("jobs/.dvpipe").path), "no work folder was made")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("jobs/out.mp4").path))
    }

    @Test func jsonFormatForCI() throws {
        let scratch = try jobsFolder()
        let run = try validate(["--format", "json", "jobs/bad.yaml", "jobs/warn.yaml"], in: scratch.url)
        #expect(run.status == 2)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 2)
        #expect(object["warnings"] as? Int == 1)
        let files = try #require(object["files"] as? [[String: Any]])
        #expect(files.map { $0["file"] as? String } == ["jobs/bad.yaml", "jobs/warn.yaml"])
        #expect(files.map { $0["status"] as? String } == ["failed", "ok"])
        let first = try #require((files[0]["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["line"] as? Int == 4)
        #expect(first["column"] as? Int == 31)
        #expect(first["severity"] as? String == "error")
        #expect(first["file"] as? String == "jobs/bad.yaml")
    }

    @Test func exampleJobsValidate() throws {
        let jobs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("jobs").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "jobs/" + $0 }
        let run = try validate(jobs, in: Self.root)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.components(separatedBy: "\n").filter { $0.contains(": ok (0 errors") }.count == jobs.count)
    }
}

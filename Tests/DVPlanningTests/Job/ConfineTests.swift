import DVPlanning
import DVTestBasics
import Foundation
import Testing

/// `--confine`: a job file from an untrusted pull request may name paths only inside the allowed folders,
/// however it tries to leave them (absolute paths, `..`, a link inside pointing out, an output onto a file
/// outside through a link).
struct ConfineTests {
    /// A repository with jobs/, media/ (a link inside it pointing out) and a folder outside it.
    final class Repository {
        let root: URL
        var repository: URL { root.appendingPathComponent("repo") }
        var outside: URL { root.appendingPathComponent("outside") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-confine-\(UUID().uuidString)")
            for folder in ["repo/jobs", "repo/media", "outside"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for name in ["secret.mp4", "font.ttf", "out.mp4"] {
                try Data().write(to: outside.appendingPathComponent(name))
            }
            try Data().write(to: repository.appendingPathComponent("media/VID_20241201_120000.mp4"))
            try FileManager.default.createSymbolicLink(at: repository.appendingPathComponent("media/escape"), withDestinationURL: outside)
            try FileManager.default.createSymbolicLink(
                at: repository.appendingPathComponent("jobs/reel.mp4"), withDestinationURL: outside.appendingPathComponent("out.mp4"))
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func load(_ text: String) -> JobLoadResult {
            JobLoader.load(
                text: text, file: "jobs/job.yaml", directory: repository.appendingPathComponent("jobs").path, allowedFolders: [repository.path])
        }
    }

    static func job(library: String = "../media", output: String = "../out/reel.mp4", extra: String = "") -> String {
        ConfinedJob.text(library: library, output: output, extra: extra)
    }

    @Test("paths inside the allowed folder pass")
    func insidePasses() throws {
        let repository = try Repository()
        let result = repository.load(Self.job(extra: "days: { 2024-12-01: { pin: VID_20241201_120000.mp4 } }"))
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
    }

    @Test("absolute paths, .., a link pointing out and an output onto a file outside are each an error at their place")
    func escapesAreErrors() throws {
        let repository = try Repository()
        let outside = repository.outside.path
        let cases: [(job: String, line: Int, key: String)] = [
            (Self.job(library: outside), 2, "library.paths"),
            (Self.job(library: "../media/escape"), 2, "library.paths"),
            (Self.job(output: "../../outside/reel.mp4"), 4, "output.path"),
            (Self.job(output: "reel.mp4"), 4, "output.path"),
            (Self.job(extra: "days: { 2024-12-01: { pin: ../../outside/secret.mp4 } }"), 5, "days.2024-12-01.pin"),
            (Self.job(extra: "days: { 2024-12-01: { pin: { file: escape/secret.mp4 } } }"), 5, "days.2024-12-01.pin.file"),
            (Self.job(extra: "days: { 2024-12-01: { pin: \(outside)/secret.mp4 } }"), 5, "days.2024-12-01.pin"),
            (Self.job(extra: "intro: { text: Hi, font: ../media/escape/font.ttf }"), 5, "intro.font")
        ]
        for (job, line, key) in cases {
            let errors = repository.load(job).errors
            #expect(errors.count == 1, "\(key): \(errors)")
            #expect(errors.first?.location.line == line && errors.first?.message.hasPrefix(key + " '") == true, "\(errors)")
            #expect(errors.first?.message.contains("outside the folders --confine allows") == true)
        }
    }

    @Test("a preset outside the allowed folders is an error at its extends: entry and is not read; one inside and a theme pass")
    func presetsAreConfinedToo() throws {
        let repository = try Repository()
        try "output: { video: { crf: 99 } }\n".write(to: repository.outside.appendingPathComponent("style.yaml"), atomically: true, encoding: .utf8)
        try "output: { video: { crf: 20 } }\n".write(
            to: repository.repository.appendingPathComponent("style.yaml"), atomically: true, encoding: .utf8)
        for extends in ["../../outside/style.yaml", "../media/escape/style.yaml", repository.outside.path + "/style.yaml"] {
            let errors = repository.load(Self.job(extra: "extends: \(extends)")).errors
            #expect(errors.count == 1, "\(extends): \(errors)")
            #expect(errors.first?.location.line == 5 && errors.first?.message.hasPrefix("extends '\(extends)' leads to ") == true, "\(errors)")
            #expect(errors.first?.message.contains("crf") == false, "the preset outside is never read")
        }
        #expect(repository.load(Self.job(extra: "extends: [../style.yaml, theme:film]")).errors.isEmpty)
    }
}

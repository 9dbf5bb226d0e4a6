import DVTestBasics
import Foundation
import Testing

/// Job files written to escape `--confine`, run by the real `dvpipe` under `strace`: whatever a job names
/// (a look, music, an overlay picture or movie, a font, a preset, a library, an output, a pin, the work folder)
/// and however it names it (an absolute path, `..`, a symbolic link inside pointing out), nothing in the
/// forbidden folder beside the repository is stat'ed, read or opened, and each such path is an error at its
/// line. The kernel's own `realpath` is the reference for where a path leads.
@Suite("hostile job files under --confine", .tags(.endToEnd, .reference))
struct HostileJobTests {
    /// A repository (jobs/, media/, assets/, presets/) beside a forbidden folder whose every name says so,
    /// with links inside the repository that point into it.
    final class Repository {
        let folder: TemporaryFolder
        var root: URL { folder.url }
        var repository: URL { root.appendingPathComponent("repo") }
        var forbidden: URL { root.appendingPathComponent("forbidden") }

        /// The forbidden files, by the key that would use one.
        static let forbiddenFiles = [
            "look": "forbidden-grade.cube", "music": "forbidden-song.mp3", "picture": "forbidden-logo.png", "movie": "forbidden-movie.mp4",
            "font": "forbidden-font.ttf", "preset": "forbidden-preset.yaml", "pin": "forbidden-clip.mp4"
        ]

        init() throws {
            folder = try TemporaryFolder("hostile")
            for name in ["repo/jobs", "repo/media", "repo/assets", "repo/presets", "forbidden/forbidden-media", "forbidden/forbidden-work"] {
                _ = try folder.subfolder(name)
            }
            for name in Self.forbiddenFiles.values {
                try Data("AWS_SECRET_ACCESS_KEY=forbidden\n".utf8).write(to: forbidden.appendingPathComponent(name))
            }
            try Data("LUT_3D_SIZE 2\n".utf8).write(to: repository.appendingPathComponent("assets/grade.cube"))
            try Data("output: { video: { crf: 22 } }\n".utf8).write(to: repository.appendingPathComponent("presets/house.yaml"))
            for (name, key) in [
                ("link-grade.cube", "look"), ("link-song.mp3", "music"), ("link-logo.png", "picture"), ("link-movie.mp4", "movie"),
                ("link-font.ttf", "font"), ("link-preset.yaml", "preset")
            ] {
                try link("assets/" + name, to: forbidden.appendingPathComponent(Self.forbiddenFiles[key]!).path)
            }
            try link("media/escape", to: forbidden.appendingPathComponent("forbidden-media").path)
            try link("assets/link-out", to: forbidden.path)
            try link("assets/link-in", to: "../presets")
            try link("assets/link-chain", to: repository.appendingPathComponent("assets/link-out").path)
            try link("assets/link-loop", to: "link-loop")
            try link("assets/link-up", to: "..")
        }

        /// A symbolic link at `place` in the repository, to `target` as written.
        private func link(_ place: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent(place).path, withDestinationPath: target)
        }

        /// Whether `path` (as a system call named it) lies in the forbidden folder.
        func isForbidden(_ path: Substring) -> Bool {
            path == forbidden.path || path.hasPrefix(forbidden.path + "/")
        }

        /// Writes `jobs/NAME.yaml`.
        func job(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: repository.appendingPathComponent("jobs/\(name).yaml"))
            return "jobs/\(name).yaml"
        }

        /// Runs `dvpipe` in the repository under `strace -f`: what it printed, and the path each system call
        /// naming a file named.
        func traced(_ arguments: [String]) throws -> (result: DVPipeProcess.Result, touched: [Substring]) {
            let run = try Straced(arguments, in: repository)
            return (run.result, run.paths)
        }
    }

    /// The base job, with `library` on line 2, `output` on line 4 and `extra` from line 5.
    static func job(library: String = "../media", output: String = "../out/reel.mp4", extra: String = "") -> String {
        ConfinedJob.text(library: library, output: output, extra: extra)
    }

    /// Each place a job names a file, with the line it is on, for a path `P`.
    static let places: [(key: String, line: Int, job: @Sendable (String) -> String)] = [
        ("output.look.lut", 4, { job(output: "../out/reel.mp4, look: { lut: \($0) }") }),
        ("audio.music.file", 5, { job(extra: "audio: { music: { file: \($0) } }") }),
        ("overlays[0].image.file", 5, { job(extra: "overlays: [{ image: { file: \($0) } }]") }),
        ("overlays[0].video.file", 5, { job(extra: "overlays: [{ video: { file: \($0), rect: { x: 0, y: 0, width: 0.5, height: 0.5 } } }]") }),
        ("intro.font", 5, { job(extra: "intro: { text: Hi, font: \($0) }") }),
        ("overlays[0].date.font", 5, { job(extra: "overlays: [{ date: { font: \($0) } }]") }),
        ("extends", 5, { job(extra: "extends: \($0)") }),
        ("library.paths", 2, { job(library: $0) }),
        ("output.path", 4, { job(output: $0) }),
        ("days.2024-12-01.pin", 5, { job(extra: "days: { 2024-12-01: { pin: \($0) } }") })
    ]

    @Test(
        "a path to the forbidden folder in every place a job names a file, absolute, by .. or through a link, is an error at its line and is never touched"
    )
    func everyPlaceIsConfined() throws {
        let repository = try Repository()
        let forbidden = repository.forbidden.path
        var jobs: [(file: String, key: String, line: Int)] = []
        for (index, place) in Self.places.enumerated() {
            let kind = place.key.hasPrefix("library") ? "media" : Self.fileKind(of: place.key)
            let target = kind == "media" ? "forbidden-media" : Repository.forbiddenFiles[kind]!
            let viaLink = kind == "media" ? "../media/escape" : kind == "pin" ? "escape/forbidden-clip.mp4" : "../assets/link-\(Self.linkName(kind))"
            let variants =
                place.key.hasSuffix("pin")
                ? [forbidden + "/" + target, "../../forbidden/" + target, viaLink]
                : [forbidden + "/" + target, "../../forbidden/" + target, viaLink, "../assets/link-out/" + target, "../assets/link-chain/" + target]
            for (variant, path) in variants.enumerated() {
                jobs.append((try repository.job("place-\(index)-\(variant)", place.job(path)), place.key, place.line))
            }
        }
        let (result, touched) = try repository.traced(["validate", "--format", "text", "--confine", "."] + jobs.map(\.file))
        #expect(result.status == 2, "\(result.standardOutput)\(result.standardError)")
        #expect(touched.contains { $0.contains(repository.repository.path + "/jobs/place-0-0.yaml") }, "strace saw the job files opened")
        let leaks = touched.filter(repository.isForbidden)
        #expect(leaks.isEmpty, "touched outside: \(leaks.prefix(5))")
        #expect(!result.standardOutput.contains("AWS_SECRET_ACCESS_KEY"))
        for job in jobs {
            let errors = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("\(job.file):\(job.line):") && $0.contains(": error: ") }
            #expect(errors.contains { Self.isConfineError($0) && $0.contains(job.key) }, "\(job.file) (\(job.key)): \(errors)")
        }
    }

    @Test("a forged built-in theme next to the job is an error at its extends: line, and nothing it names is read")
    func forgedThemeIsAnError() throws {
        let repository = try Repository()
        try Data("output: { path: \(repository.forbidden.path)/forbidden-out.mp4 }\n".utf8).write(
            to: repository.repository.appendingPathComponent("theme:minimal"))
        let file = try repository.job("forged", Self.job(extra: "extends: ../theme:minimal"))
        let (result, touched) = try repository.traced(["validate", "--format", "text", "--confine", ".", file])
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("\(file):5:10: error: extends '../theme:minimal' names a file whose name begins with theme:"))
        #expect(touched.filter(repository.isForbidden).isEmpty)
        #expect(!touched.contains { $0.hasSuffix("/theme:minimal") }, "the forged preset is not looked at")
    }

    @Test("a job file named like a built-in theme is shown as ./theme:NAME, and its paths are confined like any job's")
    func jobNamedLikeATheme() throws {
        let repository = try Repository()
        try Data(Self.job(library: repository.forbidden.path).utf8).write(to: repository.repository.appendingPathComponent("theme:film"))
        let result = try DVPipeProcess.run(["validate", "--format", "text", "--confine", ".", "theme:film"], in: repository.repository)
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("./theme:film:2:20: error: library.paths"), "\(result.standardOutput)")
    }

    @Test("the work folder through a committed link, and a library with a link out, touch nothing outside")
    func workFolderAndLibraryLinks() throws {
        let repository = try Repository()
        let file = try repository.job("reel", Self.job())
        try FileManager.default.createDirectory(at: repository.repository.appendingPathComponent("jobs/.dvpipe"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: repository.repository.appendingPathComponent("jobs/.dvpipe/reel").path,
            withDestinationPath: repository.forbidden.appendingPathComponent("forbidden-work").path)
        let (linked, linkedTouches) = try repository.traced(["plan", "--confine", ".", file])
        #expect(linked.status == 2 && linked.standardError.contains("the work folder"), "\(linked.standardError)")
        #expect(linkedTouches.filter(repository.isForbidden).isEmpty)
        try FileManager.default.removeItem(at: repository.repository.appendingPathComponent("jobs/.dvpipe/reel"))
        let (planned, plannedTouches) = try repository.traced(["plan", "--confine", ".", file])
        #expect(plannedTouches.contains { $0.contains(repository.repository.path + "/media/escape") }, "the walk met the link")
        #expect(plannedTouches.filter(repository.isForbidden).isEmpty, "\(planned.standardError)")
    }

    @Test(
        "1,000 generated jobs with paths inside, outside, through links, .., ~ and server addresses: every outside path is an error at its line, nothing outside is touched"
    )
    func generatedJobs() throws {
        let repository = try Repository()
        var generator = SplitMix64(seed: 59)
        let allowedPrefix = "https://cloud.example/allowed/"
        var jobs: [(file: String, paths: [(line: Int, path: String, outside: Bool)])] = []
        let base = repository.repository.appendingPathComponent("jobs").path
        for index in 0..<1000 {
            let library = Self.libraryPath(&generator, repository: repository)
            let file = Self.randomPath(&generator, repository: repository, last: "grade.cube")
            let preset = Self.randomPath(&generator, repository: repository, last: "house.yaml")
            let output = Self.randomPath(&generator, repository: repository, last: "reel.mp4")
            let text = """
                version: 1
                library: { paths: [\(library.text)] }
                timeframe: { month: 2024-12 }
                output: { path: "\(output)" }
                audio: { music: { file: "\(file)" } }
                extends: "\(preset)"

                """
            let libraryOutside =
                library.address.map { !Self.allowed($0, under: allowedPrefix) } ?? Self.leadsOutside(library.text, from: base, repository: repository)
            jobs.append(
                (
                    try repository.job("generated-\(index)", text),
                    [
                        (2, library.text, libraryOutside), (4, output, Self.leadsOutside(output, from: base, repository: repository)),
                        (5, file, Self.leadsOutside(file, from: base, repository: repository)),
                        (6, preset, Self.leadsOutside(preset, from: base, repository: repository))
                    ]
                ))
        }
        let (result, touched) = try repository.traced(
            ["validate", "--format", "text", "--confine", ".", "--confine", allowedPrefix] + jobs.map(\.file))
        #expect(touched.contains { $0.contains("generated-999.yaml") })
        let leaks = touched.filter(repository.isForbidden)
        #expect(leaks.isEmpty, "touched outside: \(leaks.prefix(5))")
        let confineErrors = Set(
            result.standardOutput.split(separator: "\n").filter(Self.isConfineError).map { $0.split(separator: ":").prefix(2).joined(separator: ":") }
        )
        var outsideCount = 0
        for job in jobs {
            for path in job.paths {
                outsideCount += path.outside ? 1 : 0
                #expect(
                    confineErrors.contains("\(job.file):\(path.line)") == path.outside,
                    "\(job.file):\(path.line) '\(path.path)' is \(path.outside ? "outside" : "inside")")
            }
        }
        #expect(outsideCount > 1000 && outsideCount < 3000, "the draw mixes inside and outside paths: \(outsideCount) of 4000 outside")
    }

    // MARK: - The generator and the reference

    /// A path from `jobs/`: relative or absolute, through links in and out, `..`, `.`, missing names, `~`.
    static func randomPath(_ generator: inout SplitMix64, repository: Repository, last: String) -> String {
        let starts = ["..", "../assets", "../presets", repository.repository.path, repository.forbidden.path, "~", "../..", "."]
        let names = ["..", ".", "assets", "presets", "link-out", "link-in", "link-chain", "link-loop", "link-up", "missing", "media", "escape"]
        var parts = [starts[Int(generator.next() % UInt64(starts.count))]]
        for _ in 0..<Int(generator.next() % 4) {
            parts.append(names[Int(generator.next() % UInt64(names.count))])
        }
        parts.append(generator.next() % 3 == 0 ? "forbidden-grade.cube" : last)
        return parts.joined(separator: "/")
    }

    /// A library: a folder path as `randomPath` makes them, or a server address near the allowed prefix.
    static func libraryPath(_ generator: inout SplitMix64, repository: Repository) -> (text: String, address: String?) {
        let addresses = [
            "https://cloud.example/allowed/photos/", "https://cloud.example/allowed/x%2F..%2F..%2Fprivate/", "https://CLOUD.example:443/allowed/a/",
            "https://cloud.example:8443/allowed/", "https://cloud.example/allowedness/", "https://cloud.example/allowed/%2e%2e/private/",
            "http://cloud.example/allowed/", "s3://family-roll/allowed/", "https://cloud.example/other/"
        ]
        if generator.next() % 4 == 0 {
            let address = addresses[Int(generator.next() % UInt64(addresses.count))]
            return (address, address)
        }
        let path = randomPath(&generator, repository: repository, last: "media")
        return (path, nil)
    }

    /// Whether `address` lies under `prefix` as a server would see it: decoded, same scheme, host and port.
    static func allowed(_ address: String, under prefix: String) -> Bool {
        guard let url = URLComponents(string: address), url.scheme?.lowercased() == "https", url.host?.lowercased() == "cloud.example",
            url.port == nil || url.port == 443
        else { return false }
        let segments = url.path.split(separator: "/")
        return segments.first == "allowed" && !segments.contains { $0 == ".." || $0 == "." || $0.contains("/") }
            && !url.percentEncodedPath.lowercased().contains("%2f")
    }

    /// Whether `text`, written in a job in `base`, leads outside the repository by the kernel's `realpath`, for
    /// the path a program opens once `.` and `name/..` are taken out of it by their names: the longest part of it
    /// that exists resolved, the rest by its names; a loop of links counts as outside.
    static func leadsOutside(_ text: String, from base: String, repository: Repository) -> Bool {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        let expanded = text == "~" || text.hasPrefix("~/") ? home + text.dropFirst() : text
        var names: [Substring] = []
        for name in (expanded.hasPrefix("/") ? expanded : base + "/" + expanded).split(separator: "/") where name != "." {
            if name == ".." { _ = names.popLast() } else { names.append(name) }
        }
        let absolute = "/" + names.joined(separator: "/")
        var existing = absolute
        var rest: [String] = []
        while true {
            errno = 0
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let real = URL(fileURLWithPath: ([String(cString: resolved)] + rest).joined(separator: "/")).standardizedFileURL.path
                let inside = repository.repository.path
                return !(real == inside || real.hasPrefix(inside + "/"))
            }
            if errno == ELOOP { return true }
            guard existing != "/" else { return true }
            rest.insert(URL(fileURLWithPath: existing).lastPathComponent, at: 0)
            existing = URL(fileURLWithPath: existing).deletingLastPathComponent().path
        }
    }

    static func isConfineError(_ line: Substring) -> Bool {
        line.contains(": error: ")
            && ["--confine allows", "symbolic links", "--confine-publish", "not under a server address", "write the address without"].contains {
                line.contains($0)
            }
    }

    private static func fileKind(of key: String) -> String {
        switch key {
        case "output.look.lut": "look"
        case "audio.music.file": "music"
        case "overlays[0].image.file": "picture"
        case "overlays[0].video.file": "movie"
        case "extends": "preset"
        case "days.2024-12-01.pin": "pin"
        case "output.path": "movie"
        default: "font"
        }
    }

    private static func linkName(_ kind: String) -> String {
        ["look": "grade.cube", "music": "song.mp3", "picture": "logo.png", "movie": "movie.mp4", "font": "font.ttf", "preset": "preset.yaml"][kind]!
    }
}

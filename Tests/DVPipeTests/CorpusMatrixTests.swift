import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The real camera files of `Corpus/` through the features combined, as a user would run them: every
/// transition style over clips of 0.056 s to 10 s (an accidental 0.1 s iPhone clip, five frames of a 90 fps
/// MV-HEVC movie), `slow_motion: as_shot`, a theme with two outputs, and shards, with two Motion Photos
/// among them that androidx/media cut short (`edges/`: they plan as usable and fail when decoded). Every
/// reel must decode without a message and have the frames its plan promises; no message may name a file
/// twice.
@Suite(.tags(.endToEnd, .reference))
struct CorpusMatrixTests {
    static let corpus = RealCorpusTests.folder
    /// The files cut short, which fail while rendering.
    static let broken = ["pixel-motion-photo-shortened.jpg", "ss-motion-photo-shortened.jpg"]

    /// A copy of the whole corpus, `edges/` included, under `media/` of `scratch`.
    static func library(in scratch: TemporaryFolder) throws {
        let media = scratch.url.appendingPathComponent("media")
        try FileManager.default.copyItem(at: corpus, to: media)
        for name in ["LICENSES", "SOURCES.md", "people"] {
            try FileManager.default.removeItem(at: media.appendingPathComponent(name))
        }
    }

    /// A copy of `files` of the corpus (paths inside it) under `media/` of `scratch`.
    static func library(_ files: [String], in scratch: TemporaryFolder) throws {
        let media = try scratch.subfolder("media")
        for file in files {
            let source = corpus.appendingPathComponent(file)
            try FileManager.default.copyItem(at: source, to: media.appendingPathComponent(source.lastPathComponent))
        }
    }

    /// Writes `name`.yaml in `scratch` over `media/`, from 2019-11-01 to 2025-05-31 (every day of the corpus),
    /// with `body` (its other keys); the output goes under `out/`.
    static func job(_ name: String, in scratch: TemporaryFolder, _ body: String) throws -> URL {
        let job = scratch.url.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2019-11-01, to: 2025-05-31 }
        \(body)

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// What `plan --json` says of `job` now: its frame count (every output's) and the files it cannot use.
    static func planned(_ job: URL) throws -> (frames: Int, unreadable: [String]) {
        let result = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(result.status == 0, "plan: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let frames = try #require((document["timeline"] as? [String: Any])?["frame_count"] as? Int)
        let unreadable = (document["unreadable"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        return (frames, unreadable)
    }

    /// Checks that `reel` decodes with no message from ffmpeg and has `frames` frames by ffprobe's count.
    static func expectClean(_ reel: URL, frames: Int, _ comment: Comment) throws {
        let decoded = try ReferenceCommand.printed((try ReferenceCommand.requiredFFmpeg), ["-v", "error", "-i", reel.path, "-f", "null", "-"])
        #expect(decoded.status == 0 && decoded.printed.isEmpty, "\(comment): ffmpeg decoding the reel: \(decoded.printed)")
        let counted = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFprobe),
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", reel.path
            ])
        #expect(Int(String(decoding: counted, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) == frames, "\(comment)")
    }

    /// Checks that no line of `printed` names a file twice.
    static func expectEachFileNamedOnce(_ printed: String, _ comment: Comment) {
        let repeated = MessageFiles.repeated(in: printed)
        #expect(repeated.isEmpty, "\(comment): \(repeated.map { "\($0.names) in: \($0.line)" })")
    }

    /// Runs `dvpipe` with `arguments` and requires it to succeed; returns what it printed on both streams.
    @discardableResult
    static func succeed(_ arguments: [String]) throws -> String {
        let result = try DVPipeProcess.run(arguments + ["--progress", "none"])
        try #require(result.status == 0, "dvpipe \(arguments.joined(separator: " ")): \(result.standardError)")
        expectEachFileNamedOnce(result.standardOutput + "\n" + result.standardError, "dvpipe \(arguments[0])")
        return result.standardOutput + result.standardError
    }

    @Test(
        "a 3 s GoPro clip, a 0.1 s iPhone clip and a 1.4 s Live Photo render with the default crossfade; five frames of 90 fps render with cuts, and a 0.1 s clip at speed 4",
        arguments: [
            ("default", ["max-heromode.mp4", "dolbyVision-hdr.MOV", "IMG_3582.mov", "IMG_3582.HEIC"], ""),
            ("mvhevc-cut", ["max-heromode.mp4", "edges/water_180_mvhevc_5frames.mov", "IMG_3582.mov", "IMG_3582.HEIC"], "transition: { style: cut }"),
            (
                "mvhevc-fade", ["max-heromode.mp4", "edges/water_180_mvhevc_5frames.mov", "IMG_3582.mov", "IMG_3582.HEIC"],
                "transition: { style: fade, duration: 1s }"
            ),
            (
                "speed-4", ["max-heromode.mp4", "h265_with_metadata_track.mp4", "IMG_3582.mov", "IMG_3582.HEIC"],
                "clips: { speed: 4 }\ntransition: { style: cut }"
            )
        ])
    func threeFiles(name: String, files: [String], keys: String) throws {
        let scratch = try TemporaryFolder("three-files")
        try Self.library(files, in: scratch)
        let job = try Self.job(name, in: scratch, "\(keys)\noutput: { path: out/\(name).mp4, resolution: 320x180, fps: 30 }")
        if !keys.contains("cut") {
            let plan = try DVPipeProcess.run(["plan", job.path])
            #expect(plan.standardOutput.contains("Short pieces"), "the plan names the short clip: \(plan.standardOutput)")
        }
        try Self.succeed(["run", job.path])
        try Self.expectClean(scratch.url.appendingPathComponent("out/\(name).mp4"), frames: try Self.planned(job).frames, "\(name)")
    }

    @Test(
        "the whole corpus renders with each transition style around its broken files: a clean SDR and HLG reel of the planned frames",
        arguments: Job.Transition.Style.allCases)
    func everyTransition(style: Job.Transition.Style) throws {
        let scratch = try TemporaryFolder("corpus-\(style.rawValue)")
        try Self.library(in: scratch)
        let job = try Self.job(
            style.rawValue, in: scratch,
            """
            clips: { video: { duration: 1s }, live_photo: { duration: 1s } }
            transition: { style: \(style.rawValue) }
            outputs:
              - { path: out/reel.mp4, resolution: 160x90, fps: 30 }
              - { path: out/hlg.mp4, resolution: 160x90, fps: 30, dynamic_range: hlg }
            """)
        let printed = try Self.succeed(["run", job.path])
        for file in Self.broken {
            #expect(printed.contains("\(file): decoding the window failed"), "\(style): the run names \(file)")
        }
        let after = try Self.planned(job)
        #expect(after.unreadable.sorted() == Self.broken.map { "edges/\($0)" }, "\(style): the work folder remembers the broken files")
        try Self.expectClean(scratch.url.appendingPathComponent("out/reel.mp4"), frames: after.frames, "\(style)")
        try Self.expectClean(scratch.url.appendingPathComponent("out/hlg.mp4"), frames: after.frames, "\(style), HLG")
    }

    @Test(
        "theme:film with a wide, a tall and an HLG output and as_shot: each output clean, of the planned frames, the HLG one tagged so, and the tall one the bytes of the theme with that output alone"
    )
    func themeWithTwoOutputs() throws {
        let scratch = try TemporaryFolder("corpus-theme")
        try Self.library(in: scratch)
        let both = try Self.job(
            "both", in: scratch,
            """
            extends: theme:film
            clips: { video: { duration: 1s }, live_photo: { duration: 1s }, slow_motion: as_shot }
            outputs:
              - { name: wide, path: out/wide.mp4, resolution: 256x144 }
              - { name: tall, path: out/tall.mp4, resolution: 144x256 }
              - { name: hlg, path: out/hlg.mp4, resolution: 256x144, dynamic_range: hlg }
            """)
        let alone = try Self.job(
            "alone", in: scratch,
            """
            extends: theme:film
            clips: { video: { duration: 1s }, live_photo: { duration: 1s }, slow_motion: as_shot }
            output: { path: out/alone.mp4, resolution: 144x256 }
            """)
        let validated = try DVPipeProcess.run(["validate", "--print", both.path])
        #expect(
            validated.status == 0 && validated.standardOutput.components(separatedBy: "lut: \"theme:film\"").count == 4, "\(validated.standardOutput)"
        )
        try Self.succeed(["run", both.path])
        try Self.succeed(["run", alone.path])
        #expect(try HLGReelTests.streamTags(scratch.url.appendingPathComponent("out/hlg.mp4").path).hasSuffix("tv,bt2020nc,arib-std-b67,bt2020"))
        for name in ["wide", "tall", "hlg"] {
            try Self.expectClean(scratch.url.appendingPathComponent("out/\(name).mp4"), frames: try Self.planned(both).frames, "\(name)")
        }
        let tall = try Data(contentsOf: scratch.url.appendingPathComponent("out/tall.mp4"))
        #expect(
            tall == (try Data(contentsOf: scratch.url.appendingPathComponent("out/alone.mp4"))),
            "the theme reaches the second output as it does a single one")
    }

    /// How shards meet a broken file: one work folder, the shards in one order or the other, or runners that
    /// share only a segment store.
    enum Sharing: String, CaseIterable {
        case folderInOrder, folderLastFirst, storeOnly
    }

    /// Three shards with crossfades: shards 1 and 2 render their shares of the plan with the broken files, the
    /// third finds them broken and renders its share of the plan without them. The earlier shards' shares of
    /// that plan hold a segment that no shard renders, which `assemble` renders.
    @Test("three shards and an assemble over the corpus with its broken files give the bytes of one run", arguments: Sharing.allCases)
    func shardsAgreeAboutBrokenClips(sharing: Sharing) throws {
        // The movies alone (the lone still's photo day would move which shard holds the broken clips' segments;
        // PhotoMatrixTests shards photo days).
        let body = """
            selection: { prefer: [video, live_photo] }
            clips: { video: { duration: 1s }, live_photo: { duration: 1s } }
            output: { path: out/reel.mp4, resolution: 160x90, fps: 30 }
            """
        let alone = try TemporaryFolder("shards-alone")
        try Self.library(in: alone)
        try Self.succeed(["run", try Self.job("reel", in: alone, body).path])
        let reference = try Data(contentsOf: alone.url.appendingPathComponent("out/reel.mp4"))

        let runners = try (0..<(sharing == .storeOnly ? 4 : 1)).map { _ in try TemporaryFolder("shards") }
        let jobs = try runners.map { runner in
            try Self.library(in: runner)
            return try Self.job("reel", in: runner, body)
        }
        let server = sharing == .storeOnly ? try StoreServer.nginx() : nil
        let store = server.map { ["--cache", $0.url] } ?? []
        let order = sharing == .folderLastFirst ? [3, 2, 1] : [1, 2, 3]
        let shards = try order.enumerated().map { step, shard in
            try Self.succeed(["render", jobs[min(step, jobs.count - 1)].path, "--shard", "\(shard)/3"] + store)
        }
        #expect(shards.last?.contains("planned around 2 broken clips (recorded for the other shards and assemble)") == true, "\(shards)")
        let assembling = jobs[jobs.count - 1]
        let printed = try Self.succeed(["assemble", assembling.path] + store)
        if sharing != .folderLastFirst {
            #expect(printed.contains("rendered 1 segment that the plan around 2 broken clips needed and no shard made"), "\(printed)")
        }
        let reel = assembling.deletingLastPathComponent().appendingPathComponent("out/reel.mp4")
        #expect(try Data(contentsOf: reel) == reference, "\(sharing)")
        try Self.expectClean(reel, frames: try Self.planned(assembling).frames, "\(sharing)")
    }
}

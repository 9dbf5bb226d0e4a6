import DVMedia
import DVPlanning
import DVSamples
import DVTestBasics
import Foundation

/// A random job over a pool of generated clips, drawn from a seed, for `GenerativeJobTests`: which clips
/// the library holds (and whether a real file cut short is among them), the transition, pace, layout, cards,
/// captions, outputs, and whether it runs whole or in shards. It writes itself as a job file, and knows the
/// smaller jobs that keep one feature less, for shrinking a failure to a small job.
struct GeneratedJob: Hashable, CustomStringConvertible {
    /// The pool's clips in the library, by index.
    var clips: [Int]
    /// Whether the library also holds the Pixel Motion Photo cut short (2020-12-17), which fails when decoded.
    var broken: Bool
    var transition: Job.Transition.Style
    var transitionMilliseconds: Int
    /// `clips.speed` as written (`2`, `1/3`), or nil for real time.
    var speed: String?
    var asShot: Bool
    /// `layout` as written (`{ style: grid, clips_per_day: 3 }`), or nil for one clip a day.
    var layout: String?
    var introMilliseconds: Int?
    var outroMilliseconds: Int?
    /// Days (offsets from the pool's first day) with a caption.
    var captions: [Int]
    var dateStamp: Bool
    /// Each output's width and height; every output runs at `fps`.
    var outputs: [(width: Int, height: Int)]
    var fps: Int
    var fit: String
    /// Rendered as two shards and an assemble in place of one `run`.
    var sharded: Bool

    static func == (lhs: GeneratedJob, rhs: GeneratedJob) -> Bool { lhs.description == rhs.description }
    func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// The job drawn from `generator`, over a pool of `poolSize` clips.
    init(_ generator: inout SplitMix64, poolSize: Int) {
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
        let count = Int(generator.next() % 6) + 1
        clips = Array(Set((0..<count).map { _ in Int(generator.next() % UInt64(poolSize)) })).sorted()
        broken = chance(20)
        transition = pick(Job.Transition.Style.allCases)
        transitionMilliseconds = pick([0, 40, 100, 500, 1000, 2500, Int(generator.next() % 3000)])
        speed = chance(30) ? pick(["2", "4", "0.5", "0.25", "1/3", "1.5"]) : nil
        asShot = chance(30)
        layout =
            chance(30)
            ? pick(["split-h", "split-v", "grid", "pip", "{ style: grid, clips_per_day: 3 }", "{ style: pip, clips_per_day: 3, audio: loudest }"])
            : nil
        introMilliseconds = chance(25) ? pick([10, 300, 1000]) : nil
        outroMilliseconds = chance(25) ? pick([10, 300, 1000]) : nil
        captions = chance(30) ? [Int(generator.next() % 6)] : []
        dateStamp = chance(30)
        let shapes = [(96, 54), (54, 96), (64, 64), (80, 46)]
        outputs = chance(30) ? [pick(shapes), pick(shapes)] : [pick(shapes)]
        if outputs.count == 2, outputs[0] == outputs[1] { outputs.removeLast() }
        fps = pick([24, 25, 30])
        fit = pick(["cover", "contain", "blur"])
        sharded = chance(25)
    }

    /// The job file, over `media/`, its outputs under `out/`.
    var yaml: String {
        var lines = [
            "version: 1",
            "library: { paths: [media], timezone: UTC }",
            "timeframe: { from: 2020-12-13, to: 2020-12-20 }",
            "clips: { video: { duration: full }\(speed.map { ", speed: \($0)" } ?? "")\(asShot ? ", slow_motion: as_shot" : "") }",
            "transition: { style: \(transition.rawValue), duration: \(transitionMilliseconds)ms }"
        ]
        if let layout { lines.append("layout: \(layout)") }
        if let introMilliseconds { lines.append("intro: { text: \"Week\", duration: \(introMilliseconds)ms, background: blur }") }
        if let outroMilliseconds { lines.append("outro: { text: \"The end\", duration: \(outroMilliseconds)ms }") }
        if !captions.isEmpty {
            lines.append("days:")
            lines += captions.map { "  \(GeneratedPool.date($0)): { caption: \"Day \($0 + 1)\" }" }
        }
        if dateStamp { lines.append("overlays: [{ date: { format: \"d MMM\", position: bottom-left } }]") }
        lines.append("outputs:")
        lines += outputs.enumerated().map { index, size in
            "  - { name: o\(index), path: out/o\(index).mp4, resolution: \(size.width)x\(size.height), fps: \(fps), fit: \(fit) }"
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The job file, then the clips and how it runs: what a failure prints.
    var description: String {
        let library = clips.map { GeneratedPool.clip($0).summary } + (broken ? ["\(GeneratedPool.brokenFile) (cut short)"] : [])
        return yaml + "# library: " + library.joined(separator: "; ") + "\n# \(sharded ? "render --shard 1/2, 2/2, assemble" : "run")\n"
    }

    /// Jobs like this one with one feature less or simpler, the smallest steps first.
    var smaller: [GeneratedJob] {
        var candidates: [GeneratedJob] = []
        func with(_ change: (inout GeneratedJob) -> Void) {
            var copy = self
            change(&copy)
            if copy != self { candidates.append(copy) }
        }
        for index in clips.indices where clips.count > 1 { with { $0.clips.remove(at: index) } }
        with { $0.broken = false }
        with { $0.sharded = false }
        with { $0.layout = nil }
        with { $0.speed = nil }
        with { $0.asShot = false }
        with { $0.introMilliseconds = nil }
        with { $0.outroMilliseconds = nil }
        with { $0.captions = [] }
        with { $0.dateStamp = false }
        with { $0.outputs = [$0.outputs[0]] }
        with { $0.transition = .cut }
        with { $0.fps = 30 }
        with { $0.fit = "cover" }
        return candidates
    }
}

/// The clips the generated jobs draw from: written once per test process from a seed, each with its own
/// length (one frame to 5 s), frame rate (24–240, some variable), rotation and sound, three a day over six
/// days from 2020-12-14, at 64×36, so that a job renders in a second or two.
enum GeneratedPool {
    static let size = 18
    static let brokenFile = "pixel-motion-photo-shortened.jpg"

    /// One clip of the pool and what it is.
    struct Clip {
        var sample: SampleClip
        var summary: String {
            let frames = sample.frameSlots
            return
                "\(sample.fileName): \(frames) frame\(frames == 1 ? "" : "s") at \(sample.fps) fps\(sample.variableFrameRate ? " (variable)" : ""), "
                + "turned \(sample.rotation)°\(sample.audio == .none ? ", silent" : "")"
        }
    }

    /// The date of day `offset` of the pool.
    static func date(_ offset: Int) -> String { "2020-12-\(14 + offset)" }

    /// The seed the pool is drawn from (`DVPIPE_GENERATIVE_SEED`, default 1).
    static let seed = UInt64(ProcessInfo.processInfo.environment["DVPIPE_GENERATIVE_SEED"] ?? "") ?? 1

    /// Clip `index` of the pool.
    static func clip(_ index: Int) -> Clip {
        var generator = SplitMix64(seed: seed &* 1_000_003 &+ UInt64(index))
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        let fps = pick([24, 25, 30, 48, 50, 60, 90, 120, 240])
        let frames: Int =
            switch generator.next() % 4 {
            case 0: Int(generator.next() % 3) + 1
            case 1: Int(generator.next() % 30) + 4
            default: Int(generator.next() % UInt64(5 * fps)) + 1
            }
        let day = index / 3
        let local = "\(date(day))T\(10 + index % 3):00:00+0000"
        let sample = SampleClip(
            fileName: "VID_202012\(14 + day)_\(10 + index % 3)0000.mp4", duration: Double(frames) / Double(fps), width: 64, height: 36, fps: fps,
            rotation: pick([0, 0, 90, 180, 270]), variableFrameRate: generator.next() % 4 == 0,
            audio: generator.next() % 5 == 0 ? .none : .tone(SampleTone(frequency: 220 + Double(index) * 40)),
            tags: .filmed(at: local), text: "\(index)"
        )
        return Clip(sample: sample)
    }

    /// The pool, written once per test process.
    static let folder: Result<TemporaryFolder, any Error> = Result {
        let folder = try TemporaryFolder("generated-pool")
        let writer = try SampleWriter()
        for index in 0..<size {
            _ = try writer.write(clip(index).sample, in: folder.url)
        }
        return folder
    }
}

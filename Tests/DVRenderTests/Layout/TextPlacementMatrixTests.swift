import DVMedia
import DVPlanning
import DVSignal
import DVTestBasics
import Foundation
import Testing

@testable import DVRender

/// Every built-in theme in every shape for every profile, with short and long captions in Latin, Japanese
/// and Arabic, as a whole-day caption, as a caption naming the `{place}`, and as timed captions (the second
/// one the `{place}` at the top): each piece laid out as the render lays it out (the job loaded from YAML,
/// `ReelLayout` with the output's canvas and its safe area, the overlay stage's painter) and checked from its
/// pixels. Each text is drawn alone, where the placement of them all put it, and the frame with them all:
/// no pixel is changed by two texts, no text changes a pixel in the profile's unsafe zone, each text's
/// pixels lie in its rectangle, and the composed frame is each text's pixels and the background elsewhere.
@Suite("text placement matrix")
struct TextPlacementMatrixTests {
    /// An output shape, at 144 px on its short side.
    struct Shape: Sendable, CustomStringConvertible {
        var name: String
        var width: Int
        var height: Int

        var description: String { name }
    }

    /// Captions in one script: a short one, a long one, and the place a day there names.
    struct Script: Sendable {
        var name: String
        var short: String
        var long: String
        var place: Place
    }

    /// How the texts reach the piece, besides the theme's date stamp.
    enum Kind: String, CaseIterable {
        /// The day's caption over the whole clip.
        case date
        /// The day's caption, with the `{place}` it was filmed at first.
        case place
        /// Two timed captions: the caption for the first second, then the `{place}` at the top.
        case timed
    }

    static let shapes = [
        Shape(name: "16:9", width: 256, height: 144), Shape(name: "9:16", width: 144, height: 256), Shape(name: "1:1", width: 144, height: 144)
    ]
    static let profiles: [DeliveryProfile?] = [nil, .youtube, .shorts, .reels, .tiktok]
    static let scripts = [
        Script(
            name: "Latin", short: "Temple", long: "A long afternoon at the temple with the whole family, and ice cream on the way home",
            place: Place(city: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP")),
        Script(
            name: "Japanese", short: "お寺", long: "家族みんなでお寺に行って、帰り道にアイスクリームを食べた長い午後 🍦",
            place: Place(city: "京都市", region: "京都府", country: "日本", countryCode: "JP")),
        Script(
            name: "Arabic", short: "المعبد", long: "بعد ظهر طويل في المعبد مع العائلة كلها، ثم المثلجات في طريق العودة إلى البيت",
            place: Place(city: "القاهرة", region: "القاهرة", country: "مصر", countryCode: "EG"))
    ]
    static let date = CalendarDay("2024-12-18")!
    static let fps = 30

    /// The cases of one theme: each shape with each profile.
    static let outputs = BuiltInTheme.all.flatMap { theme in
        shapes.flatMap { shape in profiles.map { (theme.name, shape, $0) } }
    }

    /// The job of `theme` with `caption` for `kind`, loaded from YAML as `dvpipe` loads it, its output `shape`
    /// for `profile`. The job is written at 360×640 (a size every profile takes) and given the test's small
    /// frame after loading, as the profiles' margins are fractions and `SafeArea.shown` gives them per shape.
    static func job(theme: String, shape: Shape, profile: DeliveryProfile?, caption: String, kind: Kind) throws -> Job {
        let scratch = try TemporaryFolder("placement-matrix")
        _ = try scratch.subfolder("lib")
        var yaml = """
            version: 1
            extends: theme:\(theme)
            library: { paths: [lib] }
            timeframe: { month: 2024-12 }
            output: { path: out.mp4, resolution: 360x640, fps: \(fps)\(profile.map { ", profile: \($0.rawValue)" } ?? "") }

            """
        if kind == .timed {
            yaml += """
                days:
                  \(date):
                    captions:
                      - { text: "\(caption)", end: 1s }
                      - { text: "{place}", start: 1s, position: top }

                """
        }
        let result = JobLoader.load(text: yaml, file: "job.yaml", directory: scratch.url.path)
        #expect(result.diagnostics.isEmpty, "unexpected: \(result.diagnostics)")
        var job = try #require(result.job)
        job.output.resolution = .pixels(width: shape.width, height: shape.height)
        return job
    }

    /// The day of `kind` with `caption`, its clip filmed at `place`.
    static func day(caption: String, kind: Kind, place: Place) -> PlannedDay {
        let text: String? =
            switch kind {
            case .date: caption
            case .place: "{place}: \(caption)"
            case .timed: nil
            }
        var day = PlannedDay(date: date, status: .chosen, reason: "video 1 of 1", caption: text)
        day.clip = .example(sourceDate: date, duration: .seconds(2))
        day.clip?.place = place
        return day
    }

    /// The fonts a text needs besides its own, as the render finds them (`PlannedJob`), without digests.
    static func fallbacks() -> (String, String, String?) -> [OverlayFont] {
        let fonts = FontSet()
        return { text, fontPath, language in
            let files = (try? TextLayout.fallbacks(for: text, fontPath: fontPath, language: language, fonts: fonts).files) ?? []
            return files.map { OverlayFont(path: $0.path, identity: "", index: $0.index) }
        }
    }

    /// A frame of the canvas's size in the flat colour every layer is drawn on.
    static func blank(_ canvas: CanvasSettings) throws -> VideoFrame {
        let frame = try VideoFrame(width: canvas.width, height: canvas.height, format: canvas.format)
        frame.fill(shown: SRGBColour(red: 90, green: 110, blue: 100))
        return frame
    }

    /// For each sample of `plane` of `frame` that differs from `blank`'s, its column and row.
    static func changed(_ frame: VideoFrame, from blank: VideoFrame, plane: Int, width: Int, height: Int) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        let stride = frame.stride(plane)
        let (drawn, empty) = (frame.plane(plane), blank.plane(plane))
        for row in 0..<height where memcmp(drawn + row * stride, empty + row * stride, width) != 0 {
            for column in 0..<width where drawn[row * stride + column] != empty[row * stride + column] {
                found.append((column, row))
            }
        }
        return found
    }

    /// What is wrong with the piece of `job` on its output, from its pixels: one line a fault; and the number of frames checked.
    static func faults(of job: Job, day: PlannedDay, fallbacks: (String, String, String?) -> [OverlayFont], fonts: FontPool) throws -> (
        faults: [String], frames: Int
    ) {
        let canvas = CanvasSettings(output: job.output, identities: [:])
        var faults: [String] = []
        let expected = job.output.profile?.rules.safeArea.shown(width: canvas.width, height: canvas.height) ?? .none
        if (canvas.safeArea ?? .none) != expected {
            faults.append("the canvas's safe area \(String(describing: canvas.safeArea)) is not \(expected)")
        }
        let plan = Plan(
            timeZone: "UTC", days: [day], timeline: Timeline(pieces: [(.clip, day.date, .seconds(2))], transition: job.transition, fps: fps),
            warnings: [], totals: PlanTotals())
        let layout = try ReelLayout(plan: plan, job: job, identities: [:], canvas: canvas, fallbacks: fallbacks)
        let clip = try #require(layout.pieces.first?.source.clip)
        faults += layout.textOverlapWarnings
        let painter = OverlayPainter(
            overlays: clip.overlays, frameWidth: canvas.width, frameHeight: canvas.height, safeArea: canvas.safeArea ?? .none, fps: canvas.fps,
            fonts: fonts, toneMap: canvas.toneMap, format: canvas.format)
        let (numbers, placement) = try painter.textPlacement()
        let rects = Dictionary(uniqueKeysWithValues: zip(numbers, placement.placed.map(\.rect)))
        let area = OverlayPlacement(frameWidth: canvas.width, frameHeight: canvas.height, insets: OverlayPlacement.Insets(canvas.safeArea ?? .none))
            .area
        let safe = PixelRect(x: area.x, y: area.y, width: area.width, height: area.height)
        let names = clip.overlays.items.map { item in if case let .text(text) = item { "\"\(text.text)\"" } else { "\(item)" } }
        // One frame in the middle of each text's frames: every set of texts that shows at once.
        let frames = Set(
            clip.overlays.items.compactMap { item in if case let .text(text) = item { (text.firstFrame + text.endFrame) / 2 } else { nil } })
        let background = try blank(canvas)
        let drawing = OverlayDrawing(clip.overlays)
        for frame in frames.sorted() {
            let shown = drawing.visibleItems(atFrame: frame).map(\.index)
            let composed = try Self.blank(canvas)
            try painter.draw(into: composed, atFrame: frame)
            var layers: [Int: VideoFrame] = [:]
            for number in shown {
                let layer = try Self.blank(canvas)
                try painter.draw(into: layer, atFrame: frame, only: number)
                layers[number] = layer
            }
            for plane in 0..<3 {
                let scale = plane == 0 ? 1 : 2
                let (width, height) = (canvas.width / scale, canvas.height / scale)
                var owner = [Int](repeating: -1, count: width * height)
                var shared = Set<Int>()
                for number in shown {
                    let rect = try #require(rects[number])
                    var outside = 0, unsafe = 0
                    let samples = changed(try #require(layers[number]), from: background, plane: plane, width: width, height: height)
                    if plane == 0, samples.isEmpty { faults.append("frame \(frame): \(names[number]) changes no pixel") }
                    for (x, y) in samples {
                        let block = PixelRect(x: x * scale, y: y * scale, width: scale, height: scale)
                        if !block.overlaps(rect) { outside += 1 }
                        // A chroma sample is a text's in the unsafe zone only when all its block is.
                        if plane == 0 ? !safe.contains(x: x, y: y) : !block.overlaps(safe) { unsafe += 1 }
                        if owner[y * width + x] >= 0, owner[y * width + x] != number {
                            if plane == 0 {
                                faults.append("frame \(frame): \(names[owner[y * width + x]]) and \(names[number]) both change pixel \(x),\(y)")
                            }
                            shared.insert(y * width + x)
                        }
                        owner[y * width + x] = number
                    }
                    if outside > 0 {
                        faults.append("frame \(frame) plane \(plane): \(outside) samples of \(names[number]) outside its rectangle \(rect)")
                    }
                    if unsafe > 0 {
                        faults.append("frame \(frame) plane \(plane): \(unsafe) samples of \(names[number]) in the unsafe zone outside \(safe)")
                    }
                }
                // The composed frame: each text's samples where it drew them, the background elsewhere.
                let stride = composed.stride(plane)
                var wrong = 0
                for index in owner.indices where !shared.contains(index) {
                    let offset = (index / width) * stride + index % width
                    let source = owner[index] >= 0 ? layers[owner[index]]! : background
                    if composed.plane(plane)[offset] != source.plane(plane)[offset] { wrong += 1 }
                }
                if wrong > 0 { faults.append("frame \(frame) plane \(plane): \(wrong) samples of the composed frame are not its layers'") }
            }
        }
        return (faults, frames.count)
    }

    @Test("no two texts overlap and none lies in the unsafe zone, for each theme, shape and profile", arguments: outputs)
    func matrix(theme: String, shape: Shape, profile: DeliveryProfile?) throws {
        let fallbacks = Self.fallbacks()
        let fonts = FontPool()
        for script in Self.scripts {
            for caption in [script.short, script.long] {
                for kind in Kind.allCases {
                    let job = try Self.job(theme: theme, shape: shape, profile: profile, caption: caption, kind: kind)
                    let day = Self.day(caption: caption, kind: kind, place: script.place)
                    let (faults, frames) = try Self.faults(of: job, day: day, fallbacks: fallbacks, fonts: fonts)
                    #expect(frames > 0)
                    let length = caption == script.short ? "short" : "long"
                    #expect(
                        faults.isEmpty, "\(theme) \(shape) \(profile?.rawValue ?? "no profile") \(script.name) \(length) \(kind): \(faults.prefix(6))"
                    )
                }
            }
        }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let exampleJobs =
        (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("jobs").path))?.filter { $0.hasSuffix(".yaml") }.sorted()
        ?? []

    @Test("the example jobs as 9:16 reels: each day's texts clear of each other and of the reels profile's unsafe zone", arguments: exampleJobs)
    func exampleJob(name: String) throws {
        let result = JobLoader.load(path: Self.root.appendingPathComponent("jobs/\(name)").path)
        var job = try #require(result.job, "\(result.diagnostics)")
        job.outputs = [job.output]
        job.output.resolution = .pixels(width: 144, height: 256)
        job.output.profile = .reels
        // Each day the job gives captions, and a day without.
        let dates = job.days.filter { $0.value.caption != nil || !$0.value.captions.isEmpty }.keys.sorted() + [Self.date]
        let fallbacks = Self.fallbacks()
        let fonts = FontPool()
        for date in dates {
            var day = PlannedDay(date: date, status: .chosen, reason: "video 1 of 1", caption: job.days[date]?.caption)
            day.clip = .example(sourceDate: date, duration: .seconds(2))
            let (faults, frames) = try Self.faults(of: job, day: day, fallbacks: fallbacks, fonts: fonts)
            #expect(frames > 0 || job.overlays.isEmpty, "\(name) on \(date): its texts show on no frame")
            #expect(faults.isEmpty, "\(name) on \(date): \(faults.prefix(6))")
        }
    }
}

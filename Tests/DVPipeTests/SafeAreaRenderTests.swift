import DVMedia
import DVPlanning
import DVRender
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Reels for a platform rendered by `dvpipe run` and decoded by the ffmpeg command, each once with its
/// texts and once without: the pixels the texts change lie in the safe area of the output's profile, each
/// inside the rectangle the layout gives its text, and the rectangles of texts that show at once do not
/// overlap. The reels are the issue's: `theme:film` at 9:16 for Reels with long Japanese captions, the
/// date and the place at the top; `theme:bold` square for TikTok with Arabic timed captions, the place at
/// the top under the theme's big date.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct SafeAreaRenderTests {
    static let fps = 24
    static let days = [CalendarDay("2024-11-16")!, CalendarDay("2024-11-17")!]

    /// One reel: its theme, size, profile and the days' captions (the YAML under `days:`).
    struct Reel: Sendable, CustomStringConvertible {
        var theme: String
        var width: Int
        var height: Int
        var profile: DeliveryProfile
        var captions: String

        var description: String { "theme:\(theme) \(width)x\(height) \(profile.rawValue)" }
    }

    static let reels = [
        Reel(
            theme: "film", width: 360, height: 640, profile: .reels,
            captions: """
                  2024-11-16: { caption: "京都の清水寺で、家族みんなでお参りして、帰り道にアイスクリームを食べた長い午後 🍦" }
                  2024-11-17:
                    captions:
                      - { text: "朝早く起きて、雪の積もった金閣寺を見に行った。とても静かで美しかった", end: 1s }
                      - { text: "京都", start: 1s, position: top }
                """),
        Reel(
            theme: "bold", width: 360, height: 360, profile: .tiktok,
            captions: """
                  2024-11-16:
                    captions:
                      - { text: "بعد ظهر طويل في المعبد مع العائلة كلها، ثم المثلجات في طريق العودة", end: 1.2s }
                      - { text: "القاهرة", start: 1.2s, position: top }
                  2024-11-17:
                    captions:
                      - { text: "صباح هادئ على ضفاف النيل", end: 1s }
                      - { text: "الأقصر", start: 1s, position: top }
                """)
    ]

    /// The job of `reel` over the dated library's two clips, with its texts, or with none (`overlays: []`
    /// and no captions) but its look and everything else as they are.
    static func job(_ reel: Reel, texts: Bool, in folder: TemporaryFolder) throws -> URL {
        let name = texts ? "texts" : "plain"
        let job = folder.url.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        extends: theme:\(reel.theme)
        library: { paths: [media], timezone: UTC }
        timeframe: { from: \(days[0]), to: \(days[1]) }
        clips: { video: { duration: 2s } }
        output: { path: out/\(name).mp4, resolution: \(reel.width)x\(reel.height), fps: \(fps), profile: \(reel.profile.rawValue), video: { crf: 10 } }
        transition: { style: cut }
        \(texts ? "days:\n" + reel.captions : "overlays: []")

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The reel's frames as RGB, decoded by the ffmpeg command.
    static func frames(of reel: URL, width: Int, height: Int) throws -> [[UInt8]] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = [UInt8](try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", reel.path, "-pix_fmt", "rgb24", "-f", "rawvideo", "-"]))
        let size = width * height * 3
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// Where the layout puts the texts of `job`'s piece of `date` (the day's captions as the job gives
    /// them): for each of its frames, the rectangles of the texts that show on it, and how opaque each is.
    static func rectangles(of job: Job, on date: CalendarDay, frames: Int) throws -> [[(rect: PixelRect, opacity: Double)]] {
        let canvas = CanvasSettings(output: job.output, identities: [:])
        var day = PlannedDay(date: date, status: .chosen, reason: "video 1 of 1", caption: job.days[date]?.caption)
        day.clip = .example(sourceDate: date, duration: TimeSpan(seconds: Double(frames) / Double(fps)))
        let plan = Plan(
            timeZone: "UTC", days: [day],
            timeline: Timeline(pieces: [(.clip, date, TimeSpan(seconds: Double(frames) / Double(fps)))], transition: job.transition, fps: fps),
            warnings: [],
            totals: PlanTotals())
        let fonts = FontSet()
        let layout = try ReelLayout(
            plan: plan, job: job, identities: [:], canvas: canvas,
            fallbacks: { text, fontPath, language in
                ((try? TextLayout.fallbacks(for: text, fontPath: fontPath, language: language, fonts: fonts).files) ?? []).map {
                    OverlayFont(path: $0.path, identity: "", index: $0.index)
                }
            })
        let overlays = try #require(layout.pieces.first?.source.clip).overlays
        let painter = OverlayPainter(
            overlays: overlays, frameWidth: canvas.width, frameHeight: canvas.height, safeArea: canvas.safeArea ?? .none, fps: fps)
        let (numbers, placement) = try painter.textPlacement()
        let rects = Dictionary(uniqueKeysWithValues: zip(numbers, placement.placed.map(\.rect)))
        let drawing = OverlayDrawing(overlays)
        return try (0..<frames).map { frame in try drawing.visibleItems(atFrame: frame).map { (try #require(rects[$0.index]), $0.opacity) } }
    }

    @Test("the texts stay in the profile's safe area, each in its rectangle, and no two rectangles shown at once overlap", arguments: reels)
    func textsInTheirPlaces(reel: Reel) throws {
        let folder = try TemporaryFolder("safe-area-reel")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for index in 0..<Self.days.count { try writer.write(DatedLibrary.clip(index), in: media) }
        var decoded: [[[UInt8]]] = []
        for texts in [true, false] {
            let job = try Self.job(reel, texts: texts, in: folder)
            let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
            try #require(run.status == 0, "\(run.standardError)")
            #expect(!run.standardError.contains("drawn over each other"), "\(run.standardError)")
            let name = texts ? "texts" : "plain"
            decoded.append(try Self.frames(of: folder.url.appendingPathComponent("out/\(name).mp4"), width: reel.width, height: reel.height))
        }
        let (texted, plain) = (decoded[0], decoded[1])
        let perDay = 2 * Self.fps
        try #require(texted.count == perDay * Self.days.count && plain.count == texted.count, "\(texted.count) and \(plain.count) frames")

        let loaded = JobLoader.load(path: folder.url.appendingPathComponent("texts.yaml").path)
        let job = try #require(loaded.job, "\(loaded.diagnostics)")
        let margins = try #require(job.output.profile?.rules.safeArea.shown(width: reel.width, height: reel.height))
        let (left, top) = (Int((margins.left * Double(reel.width)).rounded(.up)), Int((margins.top * Double(reel.height)).rounded(.up)))
        let right = reel.width - Int((margins.right * Double(reel.width)).rounded(.up))
        let bottom = reel.height - Int((margins.bottom * Double(reel.height)).rounded(.up))
        let safe = PixelRect(x: left, y: top, width: right - left, height: bottom - top)
        for (dayIndex, date) in Self.days.enumerated() {
            let rectangles = try Self.rectangles(of: job, on: date, frames: perDay)
            // Every fourth frame: each text's fades and the timed captions' changes are still among them.
            for (frame, texts) in rectangles.enumerated() where frame % 4 == 0 {
                let shown = texts.map(\.rect)
                #expect(shown.count >= 2, "\(date) frame \(frame): the date and a caption")
                for (index, rect) in shown.enumerated() {
                    #expect(shown[(index + 1)...].allSatisfy { !$0.overlaps(rect) }, "\(date) frame \(frame): \(shown)")
                }
                // A text's pixels, as the encoder leaves them: where the two reels differ by more than its noise.
                let (a, b) = (texted[dayIndex * perDay + frame], plain[dayIndex * perDay + frame])
                var unsafe = 0, stray = 0
                var inside = [Int](repeating: 0, count: shown.count)
                for y in 0..<reel.height {
                    for x in 0..<reel.width {
                        let at = (y * reel.width + x) * 3
                        guard (0..<3).contains(where: { abs(Int(a[at + $0]) - Int(b[at + $0])) > 48 }) else { continue }
                        if !safe.contains(x: x, y: y) { unsafe += 1 }
                        // Two pixels of slack for the encoder's blur at a text's edge.
                        let hits = shown.indices.filter {
                            PixelRect(x: shown[$0].x - 2, y: shown[$0].y - 2, width: shown[$0].width + 4, height: shown[$0].height + 4).contains(
                                x: x, y: y)
                        }
                        if hits.isEmpty { stray += 1 }
                        for hit in hits { inside[hit] += 1 }
                    }
                }
                #expect(unsafe == 0, "\(date) frame \(frame): \(unsafe) text pixels outside the safe area \(safe)")
                #expect(stray == 0, "\(date) frame \(frame): \(stray) text pixels outside the rectangles \(shown)")
                // A text fading in or out may change too little to tell from the noise.
                #expect(
                    zip(inside, texts).allSatisfy { $0 > 0 || $1.opacity < 1 },
                    "\(date) frame \(frame): a rectangle of \(shown) holds no text: \(inside)")
            }
        }
    }
}

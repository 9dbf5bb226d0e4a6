import DVMedia
import DVPlanning
import DVSignal
import DVTestBasics
import Foundation
import Testing

@testable import DVRender

/// Overlays kept out of a platform's safe-area margins: each text of a piece (the caption and a date
/// stamp at the bottom right) drawn alone, as the overlay stage draws it for the output, changes no pixel
/// in the margins its profile covers; an output without profile or `safe_area` places them as before. The
/// frames are 360×640, the smallest TikTok takes.
@Suite("safe areas")
struct SafeAreaPlacementTests {
    static let width = 360
    static let height = 640

    /// A small vertical job with `output` keys added, a date stamp at the bottom right and the captions' look.
    static func job(_ output: String) throws -> Job {
        let scratch = try TemporaryFolder("safe-area")
        _ = try scratch.subfolder("lib")
        let yaml = """
            version: 1
            library: { paths: [lib] }
            timeframe: { month: 2024-12 }
            output: { path: out.mp4, resolution: \(width)x\(height)\(output) }
            overlays:
              - date: { position: bottom-right, size: 0.05 }

            """
        let result = JobLoader.load(text: yaml, file: "job.yaml", directory: scratch.url.path)
        #expect(result.diagnostics.isEmpty, "unexpected: \(result.diagnostics)")
        return try #require(result.job)
    }

    /// The day's texts: its date and a two-line caption.
    static func texts(of job: Job) -> [PieceOverlays.Item] {
        let date = CalendarDay("2024-12-18")!
        var day = PlannedDay(date: date, status: .chosen, reason: "video 1 of 1", caption: "Grandma's 90th birthday, with the whole family")
        day.clip = .example(sourceDate: date)
        let overlays = PieceOverlays(job: job, day: day, firstFrame: 0, endFrame: 30, fps: 30)
        return overlays.items.filter { if case .text = $0 { true } else { false } }
    }

    /// The pixels (luma, and chroma as the 2×2 blocks it covers) that drawing `item` alone changes on a grey
    /// frame of the output `canvas`.
    static func changedPixels(by item: PieceOverlays.Item, canvas: CanvasSettings) throws -> [(x: Int, y: Int)] {
        let blank = try VideoFrame(width: canvas.width, height: canvas.height)
        blank.fill(shown: SRGBColour(red: 90, green: 110, blue: 100))
        let drawn = try VideoFrame(width: canvas.width, height: canvas.height)
        drawn.fill(shown: SRGBColour(red: 90, green: 110, blue: 100))
        let painter = OverlayPainter(
            overlays: PieceOverlays(items: [item]), frameWidth: canvas.width, frameHeight: canvas.height, safeArea: canvas.safeArea ?? .none)
        try painter.draw(into: drawn, atFrame: 10)
        var changed: [(x: Int, y: Int)] = []
        for plane in 0..<3 {
            let scale = plane == 0 ? 1 : 2
            for row in 0..<canvas.height / scale {
                for column in 0..<canvas.width / scale
                where blank.plane(plane)[row * blank.stride(plane) + column] != drawn.plane(plane)[row * drawn.stride(plane) + column] {
                    for dy in 0..<scale {
                        for dx in 0..<scale { changed.append((column * scale + dx, row * scale + dy)) }
                    }
                }
            }
        }
        return changed
    }

    @Test(
        "for shorts, reels and tiktok no pixel of the caption or the bottom-right date lies in the profile's margins",
        arguments: ["shorts", "reels", "tiktok"])
    func textsStayInside(profile: String) throws {
        let job = try Self.job(", profile: \(profile)")
        let canvas = CanvasSettings(output: job.output, identities: [:])
        let margins = try #require(canvas.safeArea)
        #expect(margins == DeliveryProfile(rawValue: profile)?.rules.safeArea)
        let left = Int((margins.left * Double(Self.width)).rounded(.up)), right = Self.width - Int((margins.right * Double(Self.width)).rounded(.up))
        let top = Int((margins.top * Double(Self.height)).rounded(.up))
        let bottom = Self.height - Int((margins.bottom * Double(Self.height)).rounded(.up))
        let texts = Self.texts(of: job)
        #expect(texts.count == 2)
        for text in texts {
            let changed = try Self.changedPixels(by: text, canvas: canvas)
            #expect(changed.count > 20, "\(profile): \(text) drew nothing")
            let outside = changed.filter { !(left..<right).contains($0.x) || !(top..<bottom).contains($0.y) }
            #expect(
                outside.isEmpty, "\(profile): \(outside.count) pixels of \(text) in the margins, the first at \(outside.first.map { "\($0)" } ?? "")")
        }
    }

    @Test("without the safe area the bottom-right date lies in the reels margins (the check above can fail)")
    func withoutMarginsTheDateIsCovered() throws {
        let job = try Self.job("")
        let canvas = CanvasSettings(output: job.output, identities: [:])
        #expect(canvas.safeArea == nil)
        let reels = DeliveryRules.reels.safeArea
        let date = try #require(Self.texts(of: job).first)
        let changed = try Self.changedPixels(by: date, canvas: canvas)
        #expect(changed.contains { Double($0.y) >= Double(Self.height) * (1 - reels.bottom) })
    }

    @Test("an output without profile or safe_area keeps its segment key material and places texts where it did")
    func withoutMarginsNothingChanges() throws {
        let job = try Self.job("")
        let canvas = CanvasSettings(output: job.output, identities: [:])
        let key = String(decoding: try JSONEncoder().encode(canvas), as: UTF8.self)
        #expect(!key.contains("safeArea"))
        let youtube = CanvasSettings(output: try Self.job(", profile: youtube").output, identities: [:])
        #expect(youtube.safeArea == nil)
        // The frame inset by nothing is the frame: every named place and point lands where the whole frame puts it.
        let whole = OverlayPlacement(frameWidth: Self.width, frameHeight: Self.height)
        let none = OverlayPlacement(frameWidth: Self.width, frameHeight: Self.height, insets: .none)
        #expect(whole.area == (0, 0, Self.width, Self.height) && none.area == whole.area && none.maxWidth == Self.width - 2 * whole.margin)
        for anchor in OverlayPlacement.Position.Anchor.allCases {
            let origin = none.origin(of: .anchor(anchor), width: 41, height: 17)
            let x =
                anchor.rawValue.hasSuffix("left")
                ? whole.margin : anchor.rawValue.hasSuffix("right") ? Self.width - 41 - whole.margin : (Self.width - 41) / 2
            let y =
                anchor.rawValue.hasPrefix("top")
                ? whole.margin : anchor.rawValue.hasPrefix("bottom") ? Self.height - 17 - whole.margin : (Self.height - 17) / 2
            #expect(origin.x == x && origin.y == y, "\(anchor)")
        }
        #expect(none.origin(of: .point(x: 0.3, y: 0.7), width: 41, height: 17) == (108 - 20, 448 - 8))
    }

    @Test("output.safe_area by hand insets the texts; the caption moves up by the bottom margin")
    func givenByHand() throws {
        let plain = try Self.job("")
        let inset = try Self.job(", safe_area: { bottom: 0.25 }")
        let canvas = CanvasSettings(output: inset.output, identities: [:])
        #expect(canvas.safeArea == SafeArea(top: 0, bottom: 0.25, left: 0, right: 0))
        let caption = try #require(Self.texts(of: plain).last)
        let before = try Self.changedPixels(by: caption, canvas: CanvasSettings(output: plain.output, identities: [:]))
        let after = try Self.changedPixels(by: caption, canvas: canvas)
        let lowest = { (pixels: [(x: Int, y: Int)]) in pixels.map(\.y).max() ?? 0 }
        #expect(lowest(before) - lowest(after) == 160)
    }
}

import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia
@testable import DVRender

/// No text dvpipe draws shows FreeType's missing glyph (the box) for a character an installed font has: the
/// demo reel's texts under each theme, the themes' preview caption, the calendar's labels and the strings the
/// script tests draw, laid out as the render lays them out.
@Suite("every drawn character has a glyph")
struct DrawnGlyphTests {
    /// The strings the script tests draw, in several scripts, with emoji.
    static let scriptStrings: [(text: String, language: String?)] = [
        ("Summer at the lake", nil), ("مرحبا بالعالم", nil), ("שלום עולם", nil), ("नमस्ते दुनिया", nil), ("স্বাগতম", nil),
        ("สวัสดีชาวโลก", nil), ("東京の夏休み", "ja"), ("你好，世界", "zh-Hans"), ("안녕하세요 세계", "ko"), ("2024年12月2日月曜日", "ja_JP"),
        ("Beach 😀🏖️", nil), ("Familie 👨‍👩‍👧 in Köln, 18 °C", nil), ("Día de playa — ¡qué calor!", nil), ("Привет, мир", nil)
    ]

    /// The texts the demo reel draws under `theme` (none: the demo as it is), with their fonts and languages.
    static func demoTexts(theme: String?) async throws -> [(text: String, fontPath: String, language: String?)] {
        let scratch = try TemporaryFolder("glyphs")
        var job = try await DemoFixture.shared.job(outputIn: scratch.url)
        if let theme {
            let folder = try await DemoFixture.shared.demoFolder()
            var text = try String(contentsOf: folder.appendingPathComponent("demo.yaml"), encoding: .utf8)
            text = "extends: \(theme)\n" + text
            let themed = folder.appendingPathComponent("demo-\(theme.replacingOccurrences(of: ":", with: "-"))-\(UUID().uuidString).yaml")
            try text.write(to: themed, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: themed) }
            job = try #require(JobLoader.load(path: themed.path).job, "the demo under \(theme)")
            job.output.path = scratch.url.appendingPathComponent("out/demo.mp4").path
        }
        let planned = try PlannedJob.make(
            job: job, asOf: nil, work: WorkFolder(root: scratch.url.appendingPathComponent("work")), observer: SilentObserver())
        return try planned.layout(observer: SilentObserver()).drawnTexts
    }

    /// The characters of `text` drawn as glyph 0 though some installed font has them.
    static func boxes(in text: String, fontPath: String, language: String?) throws -> [Unicode.Scalar] {
        let fonts = FontSet()
        let missing = try TextLayout.fallbacks(for: text, fontPath: fontPath, language: language, fonts: fonts).missing
        let layout = try TextLayout(text, fontPath: fontPath, settings: TextLayout.Settings(pixelSize: 24, language: language), fonts: fonts)
        let zeros = layout.lines.flatMap(\.glyphs).filter { $0.index == 0 }.count
        return zeros == 0 ? missing : missing + ["\u{FFFD}"]
    }

    @Test("the demo under every theme, the themes' preview, the calendar and the script tests' strings draw no box")
    func noBoxes() async throws {
        var texts: [(text: String, fontPath: String, language: String?)] = []
        for theme in [nil] + BuiltInTheme.all.map(\.reference) {
            texts += try await Self.demoTexts(theme: theme)
        }
        texts += Self.scriptStrings.map { ($0.text, TextStyle.defaultFontPath, $0.language) }
        texts += ["Grandma's birthday", "December 2024", "Mon Tue Wed Thu Fri Sat Sun"].map { ($0, TextStyle.boldFontPath, nil) }
        #expect(texts.count > 40)
        for (text, fontPath, language) in texts {
            let boxes = try Self.boxes(in: text, fontPath: fontPath, language: language)
            #expect(
                boxes.isEmpty,
                "\"\(text)\" in \(URL(fileURLWithPath: fontPath).lastPathComponent): \(boxes.map { String(format: "U+%04X", $0.value) })")
        }
    }
}

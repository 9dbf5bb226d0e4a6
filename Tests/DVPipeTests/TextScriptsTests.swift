import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Text in every script, drawn by `dvpipe run` over a plain clip and checked against libass (the ffmpeg
/// command's `ass` filter: HarfBuzz, FriBidi and fontconfig, as dvpipe now uses them) drawing the same text
/// in the same font: each ink mask cut to its box, scaled to dvpipe's box and dilated by 2 px, must agree at
/// an intersection over union of at least 0.7. Emoji must come out in colour, and a long Japanese caption
/// must break into lines inside the frame.
@Suite(.tags(.endToEnd, .reference))
struct TextScriptsTests {
    static let width = 640, height = 360
    /// The clip's background, a mid grey; the text is white, its shadow black: ink is what is brighter than this.
    static let background = SRGBColour(red: 100, green: 100, blue: 100)
    static let inkThreshold: UInt8 = 170

    /// A folder with one plain clip on 2024-12-02 under `media/`, and a job over it.
    struct Project {
        let folder: TemporaryFolder
        let job: URL
    }

    /// A project whose job's body is `keys`.
    static func project(_ keys: String, width: Int = width, height: Int = height) throws -> Project {
        let scratch = try TemporaryFolder("scripts")
        let media = try scratch.subfolder("media")
        try SampleWriter().write(
            SampleClip(
                fileName: "VID_20241202_120000.mp4", duration: 1, width: width, height: height, fps: 30, audio: .none,
                tags: .filmed(at: "2024-12-02T12:00:00+0000"), text: "", background: background
            ), in: media)
        let job = scratch.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-02, to: 2024-12-02 }
        transition: { style: cut }
        \(keys)
        output: { path: out/reel.mp4, resolution: \(width)x\(height), fps: 30 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return Project(folder: scratch, job: job)
    }

    /// The luma of the reel's middle frame, and its two chroma planes.
    static func frame(of job: URL, width: Int = width, height: Int = height) throws -> (luma: [UInt8], u: [UInt8], v: [UInt8]) {
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let reel = job.deletingLastPathComponent().appendingPathComponent("out/reel.mp4")
        let bytes = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-ss", "0.5", "-i", reel.path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-"
            ])
        let lumaCount = width * height, chromaCount = (width / 2) * (height / 2)
        try #require(bytes.count == lumaCount + 2 * chromaCount)
        let all = [UInt8](bytes)
        return (Array(all[0..<lumaCount]), Array(all[lumaCount..<lumaCount + chromaCount]), Array(all[(lumaCount + chromaCount)...]))
    }

    /// libass's drawing of `runs` (each in its font family, as dvpipe drew them, at an em of `pixelSize`),
    /// white on the same grey, in the middle of the frame: its luma. libass sizes a font by its height from
    /// ascender to descender, dvpipe by its em: each run's size is given in libass's terms.
    static func libass(_ runs: [(text: String, family: String, heightInEms: Double)], pixelSize: Int) throws -> [UInt8] {
        let scratch = try TemporaryFolder("libass")
        let subtitles = scratch.url.appendingPathComponent("text.ass")
        let line = runs.map { "{\\fn\($0.family)\\fs\(String(format: "%.2f", Double(pixelSize) * $0.heightInEms))}\($0.text)" }.joined()
        try """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: \(width)
        PlayResY: \(height)
        ScaledBorderAndShadow: yes

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
        Style: Default,\(runs.first?.family ?? "DejaVu Sans"),\(pixelSize),&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,5,0,0,0,-1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
        Dialogue: 0,0:00:00.00,0:00:05.00,Default,,0,0,0,,\(line)

        """.write(to: subtitles, atomically: true, encoding: .utf8)
        let grey = String(format: "0x%02X%02X%02X", background.red, background.green, background.blue)
        let bytes = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFmpeg),
            [
                "-v", "error", "-f", "lavfi", "-i", "color=c=\(grey):s=\(width)x\(height):d=1", "-vf", "ass=\(subtitles.path)",
                "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "gray", "-"
            ])
        return [UInt8](bytes)
    }

    /// Pixels brighter than the threshold, as a grid of `width` columns.
    struct Ink {
        var width: Int, height: Int
        var cells: [Bool]

        init(luma: [UInt8], width: Int, threshold: UInt8 = TextScriptsTests.inkThreshold, rows: Range<Int>? = nil) {
            let height = luma.count / width
            let kept = rows ?? 0..<height
            self.width = width
            self.height = height
            cells = luma.enumerated().map { index, value in value > threshold && kept.contains(index / width) }
        }

        init(width: Int, height: Int, cells: [Bool]) {
            self.width = width
            self.height = height
            self.cells = cells
        }

        /// The smallest rectangle holding every inked pixel.
        var box: (x: Range<Int>, y: Range<Int>)? {
            let inked = cells.indices.filter { cells[$0] }
            guard let first = inked.first else { return nil }
            var (minX, maxX, minY, maxY) = (first % width, first % width, first / width, first / width)
            for index in inked {
                minX = min(minX, index % width)
                maxX = max(maxX, index % width)
                minY = min(minY, index / width)
                maxY = max(maxY, index / width)
            }
            return (minX..<maxX + 1, minY..<maxY + 1)
        }

        /// The box's ink scaled (nearest pixel) to `columns × rows`.
        func scaled(to columns: Int, _ rows: Int) -> Ink {
            guard let box else { return Ink(width: columns, height: rows, cells: Array(repeating: false, count: columns * rows)) }
            let cells = (0..<rows).flatMap { row in
                (0..<columns).map { column in
                    let x = box.x.lowerBound + column * box.x.count / columns, y = box.y.lowerBound + row * box.y.count / rows
                    return self.cells[y * width + x]
                }
            }
            return Ink(width: columns, height: rows, cells: cells)
        }

        /// Every pixel within `radius` (a square) of an inked one.
        func dilated(_ radius: Int) -> Ink {
            var grown = cells
            for index in cells.indices where cells[index] {
                let (x, y) = (index % width, index / width)
                for dy in -radius...radius where y + dy >= 0 && y + dy < height {
                    for dx in -radius...radius where x + dx >= 0 && x + dx < width {
                        grown[(y + dy) * width + x + dx] = true
                    }
                }
            }
            return Ink(width: width, height: height, cells: grown)
        }

        /// Intersection over union with `other`, of the same size.
        func overlap(_ other: Ink) -> Double {
            let both = zip(cells, other.cells).count { $0 && $1 }, either = zip(cells, other.cells).count { $0 || $1 }
            return either == 0 ? 0 : Double(both) / Double(either)
        }
    }

    /// Both inks cut to their boxes, scaled to `ours`'s box, dilated by 2 px: their intersection over union.
    static func agreement(_ ours: Ink, _ theirs: Ink) throws -> Double {
        let box = try #require(ours.box, "dvpipe drew nothing")
        let (columns, rows) = (box.x.count, box.y.count)
        return ours.scaled(to: columns, rows).dilated(2).overlap(theirs.scaled(to: columns, rows).dilated(2))
    }

    /// The runs of `text` in one font each, with the family dvpipe draws them in and its height: what libass is given.
    static func runs(of text: String, language: String?) throws -> [(text: String, family: String, heightInEms: Double)] {
        let layout = try TextLayout(
            text, fontPath: TextStyle.defaultFontPath, settings: TextLayout.Settings(pixelSize: 29, language: language), fonts: FontSet())
        return layout.fontRuns.map { ($0.text, $0.face.familyName, $0.face.heightInEms) }
    }

    static let captions: [(script: String, text: String, language: String?)] = [
        ("Latin", "Summer at the lake", nil),
        ("Arabic", "مرحبا بالعالم", nil),
        ("Hebrew", "שלום עולם", nil),
        ("Hindi", "नमस्ते दुनिया", nil),
        ("Thai", "สวัสดีชาวโลก", nil),
        ("Japanese", "東京の夏休み", "ja"),
        ("Chinese", "你好，世界", "zh-Hans"),
        ("Korean", "안녕하세요 세계", "ko")
    ]

    @Test("a caption in each script matches libass's drawing of it in the same font", arguments: captions.map(\.script))
    func captionMatchesLibass(script: String) throws {
        let (_, text, language) = try #require(Self.captions.first { $0.script == script })
        let project = try Self.project(
            """
            captions: { size: 0.08, background: none\(language.map { ", language: \($0)" } ?? "") }
            days: { 2024-12-02: { captions: [{ text: "\(text)", position: center }] } }
            """)
        try Self.expectMatchesLibass(project, text: text, language: language, name: script)
    }

    @Test("a ja_JP date stamp matches libass's drawing of the same words")
    func japaneseDateStamp() throws {
        let project = try Self.project(
            """
            overlays: [{ date: { format: "y年M月d日EEEE", locale: ja_JP, size: 0.08, position: center } }]
            """)
        let text = DayFormatter(pattern: "y年M月d日EEEE", locale: "ja_JP").string(for: CalendarDay("2024-12-02")!)
        #expect(text == "2024年12月2日月曜日")
        try Self.expectMatchesLibass(project, text: text, language: "ja_JP", name: "the ja_JP date")
    }

    /// Checks that the text `project` draws, 29 pixels to the em, in the middle of its frame (`text` in
    /// `language`), and libass's drawing of it in the same fonts agree at an IoU of at least 0.7; prints it.
    static func expectMatchesLibass(_ project: Project, text: String, language: String?, name: String) throws {
        let ours = Ink(luma: try frame(of: project.job).luma, width: width, rows: 0..<(height * 85 / 100))
        let runs = try runs(of: text, language: language)
        let theirs = Ink(luma: try libass(runs, pixelSize: 29), width: width)
        let agreement = try agreement(ours, theirs)
        print("\(name) in \(runs.map(\.family)): intersection over union with libass \(agreement)")
        #expect(agreement >= 0.7, "\(name) in \(runs.map(\.family)): IoU \(agreement)")
    }

    @Test("an emoji in a caption is drawn in colour where it stands, not as a box")
    func emojiInColour() throws {
        let project = try Self.project(
            """
            captions: { size: 0.12, background: none }
            days: { 2024-12-02: { captions: [{ text: "Beach 😀🏖️", position: center }] } }
            """)
        let frame = try Self.frame(of: project.job)
        let (half, rows) = (Self.width / 2, Self.height / 2)
        // Chroma far from neutral: the grey background and white or black text have none.
        let coloured = (0..<(half * rows * 85 / 100)).filter { abs(Int(frame.u[$0]) - 128) + abs(Int(frame.v[$0]) - 128) > 40 }
        #expect(coloured.count > 100, "\(coloured.count) coloured chroma samples")
        // They lie right of the word, where the emoji are.
        let word = Ink(luma: frame.luma, width: Self.width, rows: 0..<(Self.height * 85 / 100))
        let box = try #require(word.box)
        #expect(coloured.allSatisfy { ($0 % half) * 2 >= box.x.lowerBound + box.x.count / 3 }, "the colour is where the emoji are")
    }

    @Test("a Japanese caption longer than the frame breaks into lines inside the frame's margins, at its size")
    func longJapaneseCaptionWraps() throws {
        let (width, height) = (320, 180)
        let text = "今日は家族みんなで海に行って、砂のお城を作ったり貝殻を拾ったりしました"
        let project = try Self.project(
            """
            captions: { size: 0.1, background: none, language: ja }
            days: { 2024-12-02: { captions: [{ text: "\(text)", position: center }] } }
            """, width: width, height: height)
        let ink = Ink(luma: try Self.frame(of: project.job, width: width, height: height).luma, width: width, rows: 0..<(height * 85 / 100))
        let box = try #require(ink.box)
        let margin = max(1, min(width, height) * 3 / 100)
        #expect(box.x.lowerBound >= margin && box.x.upperBound <= width - margin, "\(box)")
        // 18 px a line: two or more lines stand taller than 1.6 times that, a single line shrunk to fit far less.
        #expect(box.y.count > 29, "\(box)")
    }
}

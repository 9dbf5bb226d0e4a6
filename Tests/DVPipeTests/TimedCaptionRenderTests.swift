import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Timed captions in a rendered reel, read back by the ffmpeg command: each shows from its first frame
/// to its last and on no other, in its colour and the job's case; the SubRip file carries them with
/// their own times; overlapping ones fail `validate` at both lines.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct TimedCaptionRenderTests {
    static let width = 320, height = 180, fps = 10

    /// A one-day job over the dated library's clip of 2024-11-20 (2 s, cut, no fades), its captions `captions`.
    static func job(in folder: TemporaryFolder, captions: String, style: String) throws -> URL {
        let media = try folder.subfolder("media")
        try SampleWriter().write(DatedLibrary.clip(4), in: media)
        let job = folder.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-20, to: 2024-11-20 }
        clips: { video: { duration: 2s } }
        output: { path: out/reel.mp4, resolution: \(width)x\(height), fps: \(fps) }
        transition: { style: cut }
        captions: \(style)
        days:
          2024-11-20:
            captions:
        \(captions)

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The reel's frames as RGB, decoded by the ffmpeg command.
    static func frames(of reel: URL) throws -> [[UInt8]] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = [UInt8](try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", reel.path, "-pix_fmt", "rgb24", "-f", "rawvideo", "-"]))
        let size = width * height * 3
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// Pixels of `frame` in rows `rows` whose colour is near `red`, `green`, `blue` (each within 60).
    static func count(_ frame: [UInt8], rows: Range<Int>, near colour: (Int, Int, Int)) -> Int {
        var found = 0
        for row in rows {
            for column in 0..<width {
                let at = (row * width + column) * 3
                if abs(Int(frame[at]) - colour.0) < 60, abs(Int(frame[at + 1]) - colour.1) < 60, abs(Int(frame[at + 2]) - colour.2) < 60 {
                    found += 1
                }
            }
        }
        return found
    }

    @Test("captions show on exactly the frames of their times, in their colours and place, cased; the SRT carries them")
    func captionsShowOnTheirFrames() throws {
        let folder = try TemporaryFolder("captions")
        let job = try Self.job(
            in: folder,
            captions: """
                      - { text: "abc", start: 0.5s, end: 1.2s, color: "#FF00FF" }
                      - { text: "xyz", start: 1.5s, position: top, color: "#00FFFF" }
                """, style: "{ case: upper, size: 0.25, fade: 0s, background: none }")
        let srt = folder.url.appendingPathComponent("reel.srt")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--srt", srt.path])
        #expect(run.status == 0, "\(run.standardError)")
        let frames = try Self.frames(of: folder.url.appendingPathComponent("out/reel.mp4"))
        #expect(frames.count == 20)
        let magenta = (255, 0, 255), cyan = (0, 255, 255)
        let low = (Self.height / 2)..<Self.height, high = 0..<(Self.height / 2)
        let lowMagenta = frames.map { Self.count($0, rows: low, near: magenta) }
        let highCyan = frames.map { Self.count($0, rows: high, near: cyan) }
        // 0.5 s and 1.2 s are frames 5 and 12 at 10 fps: shown on 5…11; the second from frame 15 to the end.
        #expect(lowMagenta[..<5].allSatisfy { $0 == 0 } && lowMagenta[12...].allSatisfy { $0 == 0 }, "\(lowMagenta)")
        #expect(lowMagenta[5..<12].allSatisfy { $0 > 100 }, "\(lowMagenta)")
        #expect(highCyan[..<15].allSatisfy { $0 == 0 } && highCyan[15...].allSatisfy { $0 > 100 }, "\(highCyan)")
        #expect(frames.allSatisfy { Self.count($0, rows: high, near: magenta) == 0 && Self.count($0, rows: low, near: cyan) == 0 })

        // The case was applied before drawing: the same captions written in capitals draw the same frames.
        let capitals = try TemporaryFolder("captions-capitals")
        let written = try Self.job(
            in: capitals,
            captions: """
                      - { text: "ABC", start: 0.5s, end: 1.2s, color: "#FF00FF" }
                      - { text: "XYZ", start: 1.5s, position: top, color: "#00FFFF" }
                """, style: "{ size: 0.25, fade: 0s, background: none }")
        #expect(try DVPipeProcess.run(["run", written.path, "--progress", "none"]).status == 0)
        let lowered = try TemporaryFolder("captions-lowered")
        let small = try Self.job(
            in: lowered,
            captions: """
                      - { text: "abc", start: 0.5s, end: 1.2s, color: "#FF00FF" }
                      - { text: "xyz", start: 1.5s, position: top, color: "#00FFFF" }
                """, style: "{ size: 0.25, fade: 0s, background: none }")
        #expect(try DVPipeProcess.run(["run", small.path, "--progress", "none"]).status == 0)
        let capitalFrames = try Self.frames(of: capitals.url.appendingPathComponent("out/reel.mp4"))
        #expect(capitalFrames == frames)
        #expect(try Self.frames(of: lowered.url.appendingPathComponent("out/reel.mp4")) != frames, "small letters draw other pixels")

        let subtitles = try String(contentsOf: srt, encoding: .utf8)
        #expect(subtitles.contains("00:00:00,500 --> 00:00:01,200\nWed, Nov 20\nABC\n"), "\(subtitles)")
        #expect(subtitles.contains("00:00:01,500 --> 00:00:02,000\nWed, Nov 20\nXYZ\n"), "\(subtitles)")
    }

    @Test("two captions that would show at once fail validate at both lines, exit status 2")
    func overlappingCaptionsFailValidate() throws {
        let folder = try TemporaryFolder("captions-overlap")
        let job = try Self.job(
            in: folder,
            captions: """
                      - { text: one, start: 0s, end: 1s }
                      - { text: two, start: 0.5s, end: 1.5s }
                """, style: "{}")
        let result = try DVPipeProcess.run(["validate", job.path])
        #expect(result.status == 2)
        let printed = result.standardOutput + result.standardError
        #expect(printed.contains("job.yaml:11:9: error: this caption (0s to 1s) overlaps the one at"), "\(printed)")
        #expect(printed.contains("job.yaml:12:9: error: this caption (500ms to 1.5s) overlaps the one at"), "\(printed)")
    }
}

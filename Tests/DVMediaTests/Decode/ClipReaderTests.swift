import DVMedia
import DVPlanning
import DVTestSupport
import Foundation
import Testing

@Suite("ClipReader")
struct ClipReaderTests {
    @Test("a window starting mid-clip hands out exactly the frames of the window")
    func frameAccurateWindow() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("count.mp4")
        try TestMedia.writeClip(to: url, fps: 30, count: 60)

        let reader = try ClipReader(.file(url.path), start: 0.5, duration: 0.5, outputFPS: 30, threads: 2)
        #expect(try TestMedia.sourceIndices(of: reader) == Array(15..<30))
        #expect(reader.repeatedAfterEnd == 0)
    }

    @Test("a reader opened at a tick hands out the same frames as one read on to that tick", arguments: [7, 13, 20])
    func readingOnMatchesOpeningAfresh(tick: Int) throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("24fps.mp4")
        // 24 fps shown at 30: tick times fall between source timestamps, so rounding from the tick
        // instead of from the window's start would pick other pictures.
        try TestMedia.writeClip(to: url, fps: 24, count: 60)

        let continued = try ClipReader(.file(url.path), windowStart: 0.1, firstTick: 0, frameCount: tick, outputFPS: 30, threads: 1)
        var before: [Int] = []
        while let frame = try continued.next() {
            before.append(frame.index)
        }
        #expect(before == Array(0..<tick))
        continued.extendWindow(by: 50 - tick)
        let readOn = try TestMedia.sourceIndices(of: continued)
        let fresh = try ClipReader(.file(url.path), windowStart: 0.1, firstTick: tick, frameCount: 50 - tick, outputFPS: 30, threads: 1)
        #expect(fresh.nextTick == tick)
        #expect(try TestMedia.sourceIndices(of: fresh) == readOn)
        #expect(readOn.count == 50 - tick)
        #expect(readOn == readOn.sorted() && Set(readOn).count < readOn.count, "24 fps pictures in order, some shown twice at 30")
    }

    @Test("a window that starts at zero shows the first frame first")
    func windowAtStart() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("start.mp4")
        try TestMedia.writeClip(to: url, fps: 25, count: 20)

        let reader = try ClipReader(.file(url.path), start: 0, duration: 0.4, outputFPS: 25, threads: 1)
        #expect(try TestMedia.sourceIndices(of: reader) == Array(0..<10))
    }

    @Test("variable frame rate becomes the output rate: latest source frame at or before each tick")
    func variableToConstantRate() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("vfr.mp4")
        // Millisecond timestamps with gaps and bursts.
        let stamps: [Int64] = [0, 20, 40, 100, 110, 120, 130, 300, 340, 500, 700, 720, 760, 900, 1000, 1100]
        try TestMedia.writeClip(to: url, fps: 1000, count: stamps.count, timestamps: stamps)

        let reader = try ClipReader(.file(url.path), start: 0, duration: 1, outputFPS: 30, threads: 1)
        let indices = try TestMedia.sourceIndices(of: reader)
        let expected = (0..<30).map { tick in
            stamps.lastIndex { $0 * 30 <= Int64(tick) * 1000 } ?? 0
        }
        #expect(indices.count == 30)
        #expect(indices == expected)
    }

    @Test("output at a higher rate repeats frames; a window past the end repeats the last frame")
    func upsamplingAndEarlyEnd() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("slow.mp4")
        try TestMedia.writeClip(to: url, fps: 15, count: 15)

        let reader = try ClipReader(.file(url.path), start: 0.6, duration: 0.6, outputFPS: 30, threads: 1)
        var indices: [Int] = []
        var repeats: [Bool] = []
        while let frame = try reader.next() {
            indices.append(TestMedia.frameIndex(forLuma: TestMedia.meanLuma(frame.picture)))
            repeats.append(frame.isRepeatAfterEnd)
        }
        #expect(indices == [9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 14, 14, 14, 14, 14, 14])
        #expect(reader.repeatedAfterEnd == 6)
        #expect(repeats.filter { $0 }.count == 6)
    }

    @Test("10-bit HEVC decodes", .enabled(if: EncoderAvailability.check().contains { $0.name == "libx265" && $0.available }))
    func tenBitHEVC() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("hevc10.mp4")
        try TestMedia.writeClip(to: url, codec: .hevc, fps: 30, count: 12, tenBit: true)

        let reader = try ClipReader(.file(url.path), start: 0.2, duration: 0.2, outputFPS: 30, threads: 2)
        var count = 0
        while let frame = try reader.next() {
            #expect(frame.picture.pixelFormatName == "yuv420p10le")
            count += 1
        }
        #expect(count == 6)
    }

    @Test(
        "MPEG-4 Part 2 and VP9 decode with a frame-accurate window",
        arguments: [VideoCodec.mpeg4, .vp9].filter(\.isAvailable))
    func otherCodecs(codec: VideoCodec) throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("\(codec.rawValue).mp4")
        try TestMedia.writeClip(to: url, codec: codec, fps: 30, count: 15)

        guard case let .media(info) = MediaProbe.probe(url) else {
            Issue.record("the \(codec.rawValue) clip does not probe")
            return
        }
        #expect(info.video?.codec == codec.rawValue)
        let reader = try ClipReader(.file(url.path), start: 0.2, duration: 0.2, outputFPS: 30, threads: 1)
        #expect(try TestMedia.sourceIndices(of: reader) == Array(6..<12))
        #expect(try FrameCensus.take(url).videoFrames == 15)
    }

    @Test("rotation comes from the display matrix")
    func rotation() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        for degrees in [0, 90, 180, 270] {
            let url = folder.appendingPathComponent("rot\(degrees).mp4")
            try TestMedia.writeClip(to: url, count: 2, rotationClockwise: degrees)
            let reader = try ClipReader(.file(url.path), start: 0, duration: 0.05, outputFPS: 30, threads: 1)
            #expect(reader.rotation.rawValue == degrees)
        }
    }

    @Test("a missing file is an error naming it")
    func missingFile() throws {
        let url = URL(fileURLWithPath: "/nonexistent/clip.mp4")
        #expect {
            _ = try ClipReader(.file(url.path), start: 0, duration: 1, outputFPS: 30, threads: 1)
        } throws: { error in
            "\(error)".contains("/nonexistent/clip.mp4")
        }
    }

    @Test("at 1/8 speed a 240 fps clip shows each of its frames once at 30 fps, opened afresh at any tick alike", arguments: [0, 17, 40])
    func slowedShowsEveryFrame(tick: Int) throws {
        let scratch = try TestMedia.makeFolder()
        let url = scratch.url.appendingPathComponent("240fps.mp4")
        try TestMedia.writeClip(to: url, fps: 240, count: 78)
        let slowed = try #require(PlaybackSpeed(numerator: 1, denominator: 8))
        let reader = try ClipReader(
            .file(url.path), windowStart: 0, firstTick: tick, frameCount: 78 - tick, outputFPS: 30, threads: 1, speed: slowed)
        #expect(try TestMedia.sourceIndices(of: reader) == Array(tick..<78))
        #expect(reader.repeatedAfterEnd == 0)
    }

    @Test("slowed further than its frames go, a clip repeats them; sped up, it drops them evenly; each tick takes the middle of its time")
    func slowedAndSpedUp() throws {
        let scratch = try TestMedia.makeFolder()
        let url = scratch.url.appendingPathComponent("30fps.mp4")
        try TestMedia.writeClip(to: url, fps: 30, count: 60)
        let quarter = try ClipReader(
            .file(url.path), windowStart: 0.5, firstTick: 0, frameCount: 12, outputFPS: 30, threads: 1, speed: try #require(PlaybackSpeed("1/4")))
        #expect(try TestMedia.sourceIndices(of: quarter) == [15, 15, 15, 15, 16, 16, 16, 16, 17, 17, 17, 17])
        let triple = try ClipReader(
            .file(url.path), windowStart: 0, firstTick: 0, frameCount: 20, outputFPS: 30, threads: 1, speed: try #require(PlaybackSpeed("3")))
        #expect(try TestMedia.sourceIndices(of: triple) == Array(stride(from: 1, to: 60, by: 3)), "tick n shows the file at (n + ½) × 3 frames")
        let twoThirds = try ClipReader(
            .file(url.path), windowStart: 0, firstTick: 0, frameCount: 6, outputFPS: 30, threads: 1, speed: try #require(PlaybackSpeed("2/3")))
        #expect(try TestMedia.sourceIndices(of: twoThirds) == [0, 1, 1, 2, 3, 3], "tick n shows frame ⌊(2n + 1)/3⌋")
    }
}

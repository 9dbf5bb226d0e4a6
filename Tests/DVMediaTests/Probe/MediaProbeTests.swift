import DVMedia
import DVPlanning
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Probing truth: each generated file probes back as what it was generated to be.
@Suite struct MediaProbeTests {
    init() { MediaLog.silence() }

    private func probe(_ clip: SampleClip, in folder: TemporaryFolder) throws -> MediaInfo {
        let url = try SampleWriter().write(clip, in: folder.url)
        let result = MediaProbe.probe(url)
        guard case let .media(info) = result else {
            Issue.record("\(clip.fileName) did not probe as media: \(result)")
            throw CancellationError()
        }
        return info
    }

    private func reason(_ result: ProbeResult) -> String? {
        if case let .unreadable(reason) = result { return reason }
        return nil
    }

    @Test func plainH264ClipWithStereoTone() throws {
        let folder = try TemporaryFolder()
        let info = try probe(SampleClip(fileName: "plain.mp4", duration: 1), in: folder)
        #expect(info.container.contains("mp4"))
        #expect(
            info.video
                == VideoStreamInfo(
                    codec: "h264", width: 320, height: 180, frameRate: 30, rotation: 0, pixelFormat: "yuv420p", isVariableFrameRate: false,
                    colour: StreamColour(primaries: "bt709", transfer: "bt709", matrix: "bt709", range: "tv")))
        #expect(info.audio == AudioStreamInfo(codec: "aac", sampleRate: 48_000, channels: 2, layout: "stereo"))
        #expect(abs((info.duration ?? 0) - 1) < 0.05)
        #expect(info.isStill == false)
        #expect(info.tags == CaptureTags())
    }

    @Test(arguments: [90, 180, 270])
    func rotationFromTheDisplayMatrix(degrees: Int) throws {
        let folder = try TemporaryFolder()
        let info = try probe(SampleClip(fileName: "rotated.mov", duration: 0.5, rotation: degrees, audio: .none), in: folder)
        #expect(info.video?.rotation == degrees)
        #expect(info.video?.width == 320)
        #expect(info.video?.height == 180)
    }

    @Test func hevcTenBit() throws {
        let folder = try TemporaryFolder()
        let info = try probe(SampleClip(fileName: "hevc.mp4", duration: 0.5, fps: 24, codec: .hevc, tenBit: true), in: folder)
        #expect(info.video?.codec == "hevc")
        #expect(info.video?.pixelFormat == "yuv420p10le")
        #expect(info.video?.frameRate == 24)
        #expect(info.video?.isVariableFrameRate == false)
    }

    @Test func variableFrameRate() throws {
        let folder = try TemporaryFolder()
        let info = try probe(SampleClip(fileName: "vfr.mp4", duration: 2, variableFrameRate: true), in: folder)
        #expect(info.video?.isVariableFrameRate == true)
        #expect(abs((info.duration ?? 0) - 2) < 0.05)
    }

    @Test func noAudio() throws {
        let folder = try TemporaryFolder()
        let info = try probe(SampleClip(fileName: "silent.mp4", duration: 0.5, audio: .none), in: folder)
        #expect(info.audio == nil)
        #expect(info.video != nil)
    }

    @Test func surroundAudio() throws {
        let folder = try TemporaryFolder()
        let tone = SampleTone(layout: .surround51)
        let info = try probe(SampleClip(fileName: "surround.mp4", duration: 0.5, audio: .tone(tone)), in: folder)
        #expect(info.audio == AudioStreamInfo(codec: "aac", sampleRate: 48_000, channels: 6, layout: "5.1"))
    }

    @Test func monoAt44100() throws {
        let folder = try TemporaryFolder()
        let tone = SampleTone(frequency: 330, layout: .mono, sampleRate: 44_100)
        let info = try probe(SampleClip(fileName: "mono.mov", duration: 0.5, audio: .tone(tone)), in: folder)
        #expect(info.audio == AudioStreamInfo(codec: "aac", sampleRate: 44_100, channels: 1, layout: "mono"))
    }

    @Test func captureTagsAsPhonesWriteThem() throws {
        let folder = try TemporaryFolder()
        let tags = SampleTags.filmed(at: "2024-12-03T23:40:00-0800", contentIdentifier: "A1B2C3D4-0000-4000-8000-000000000003")
        let info = try probe(SampleClip(fileName: "IMG_0003.MOV", duration: 0.5, tags: tags), in: folder)
        #expect(
            info.tags
                == CaptureTags(
                    localCreationDate: "2024-12-03T23:40:00-0800", creationTime: "2024-12-04T07:40:00.000000Z",
                    contentIdentifier: "A1B2C3D4-0000-4000-8000-000000000003"))
    }

    @Test func creationTimeAloneInAnMP4() throws {
        let folder = try TemporaryFolder()
        let tags = SampleTags.filmed(at: "2024-12-05T18:15:00-0800", localDate: false)
        let info = try probe(SampleClip(fileName: "utc.mp4", duration: 0.5, tags: tags), in: folder)
        #expect(info.tags == CaptureTags(creationTime: "2024-12-06T02:15:00.000000Z"))
    }

    @Test func jpegStill() throws {
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(SampleStill(fileName: "IMG_0042.JPG", width: 320, height: 180, text: "42"), in: folder.url)
        guard case let .media(info) = MediaProbe.probe(url) else {
            Issue.record("the JPEG did not probe")
            return
        }
        #expect(info.isStill)
        #expect(info.video?.codec == "mjpeg")
        #expect(info.video?.width == 320)
        #expect(info.video?.height == 180)
        #expect(info.audio == nil)
    }

    @Test func truncatedFileIsUnreadable() throws {
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(DamagedSample.truncated(SampleClip(fileName: "cut.mp4", duration: 1)), in: folder.url)
        #expect(reason(MediaProbe.probe(url))?.contains("cut.mp4") == true)
    }

    @Test func zeroByteFileIsUnreadable() throws {
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(DamagedSample.empty(fileName: "empty.mp4"), in: folder.url)
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int == 0)
        #expect(reason(MediaProbe.probe(url)) != nil)
    }

    @Test func textFileNamedMP4IsUnreadable() throws {
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(DamagedSample.text(fileName: "notes.mp4"), in: folder.url)
        #expect(reason(MediaProbe.probe(url))?.contains("Invalid data") == true)
    }

    @Test func missingFileIsUnreadable() {
        #expect(reason(MediaProbe.probe(URL(fileURLWithPath: "/nonexistent/dvpipe/clip.mp4")))?.contains("No such file") == true)
    }
}

/// File names that libavformat could mistake for something else still open as files.
@Suite struct MediaProbeFileNameTests {
    @Test func nameWithAColonAndSpaces() throws {
        MediaLog.silence()
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(SampleClip(fileName: "2024-12-05 18:15:00.mov", duration: 0.3, audio: .none), in: folder.url)
        guard case let .media(info) = MediaProbe.probe(url) else {
            Issue.record("a name with a colon did not probe")
            return
        }
        #expect(info.video?.codec == "h264")
    }
}

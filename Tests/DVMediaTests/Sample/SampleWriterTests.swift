import DVMedia
import DVPlanning
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Generated files decode, whole, to what they were described as.
@Suite(.tags(.reference)) struct SampleWriterTests {
    init() { MediaLog.silence() }

    private func census(of clip: SampleClip) throws -> FrameCensus {
        let folder = try TemporaryFolder()
        return try FrameCensus.take(try SampleWriter().write(clip, in: folder.url))
    }

    @Test(arguments: [24, 30, 60])
    func durationAndFrameCountAtEachRate(fps: Int) throws {
        let clip = SampleClip(fileName: "rate.mp4", duration: 1.5, fps: fps)
        let census = try census(of: clip)
        #expect(census.videoFrames == clip.frameSlots)
        #expect(abs(census.videoDuration - 1.5) <= 1.0 / Double(fps) + 1e-9)
        #expect(census.pictureWidth == 320)
        #expect(census.pictureHeight == 180)
        #expect(abs(census.audioSamples - 72_000) <= 1_024)
    }

    @Test("a position is written as an iPhone writes it beside Apple tags, else as Android does, and read back as exiftool reads it")
    func positionsAsPhonesWriteThem() throws {
        let folder = try TemporaryFolder()
        let writer = try SampleWriter()
        for (name, tags) in [
            ("iphone.mov", SampleTags(make: "Apple", position: "+35.0116+135.7681+012.000/")),
            ("android.mp4", SampleTags(position: "+35.0116+135.7681/"))
        ] {
            let url = try writer.write(SampleClip(fileName: name, duration: 0.5, width: 64, height: 36, audio: .none, tags: tags), in: folder.url)
            guard case let .media(info) = MediaProbe.probe(url) else {
                Issue.record("\(name) does not probe")
                continue
            }
            #expect(info.tags.position == GeoPosition(latitude: 35.0116, longitude: 135.7681), "\(name): \(String(describing: info.tags.position))")
            let exiftool = try #require(ReferenceCommand.exiftool, "make test installs exiftool (Debian's libimage-exiftool-perl)")
            let printed = String(
                decoding: try ReferenceCommand.output(exiftool, ["-n", "-s3", "-GPSLatitude", "-GPSLongitude", url.path]), as: UTF8.self)
            #expect(printed.split(separator: "\n").compactMap { Double($0) } == [35.0116, 135.7681], "\(name): exiftool says \(printed)")
        }
    }

    @Test func variableFrameRateDropsEveryFourthSlotButKeepsTheDuration() throws {
        let clip = SampleClip(fileName: "vfr.mov", duration: 2, fps: 30, variableFrameRate: true, audio: .none)
        let census = try census(of: clip)
        #expect(census.videoFrames == clip.framePositions.count)
        #expect(census.videoFrames < clip.frameSlots)
        #expect(abs(census.videoDuration - 2) <= 1.0 / 30 + 1e-9)
        #expect(census.audioSamples == 0)
    }

    @Test func hevcTenBitDecodes() throws {
        let census = try census(of: SampleClip(fileName: "hevc.mov", duration: 1, fps: 24, codec: .hevc, tenBit: true))
        #expect(census.videoFrames == 24)
        #expect(abs(census.videoDuration - 1) <= 1.0 / 24 + 1e-9)
    }

    @Test func rotatedClipKeepsItsCodedSize() throws {
        let census = try census(of: SampleClip(fileName: "portrait.mov", duration: 0.5, rotation: 90, audio: .none))
        #expect(census.pictureWidth == 320)
        #expect(census.pictureHeight == 180)
    }

    @Test func surroundAndMonoToneLengths() throws {
        let surround = try census(of: SampleClip(fileName: "s.mp4", duration: 1, audio: .tone(SampleTone(layout: .surround51))))
        #expect(abs(surround.audioSamples - 48_000) <= 1_024)
        let mono = try census(
            of: SampleClip(
                fileName: "m.mp4", duration: 1, audio: .tone(SampleTone(layout: .mono, sampleRate: 44_100, burst: .init(time: 0.5)))))
        #expect(abs(mono.audioSamples - 44_100) <= 1_024)
    }

    @Test func sameBytesOnEveryRun() throws {
        let clip = SampleClip(
            fileName: "IMG_0001.MOV", duration: 0.5, rotation: 90,
            tags: .filmed(at: "2024-12-01T10:00:00-0800", contentIdentifier: "ID-1"), text: "1", label: "IMG_0001.MOV")
        let still = SampleStill(fileName: "IMG_0001.JPG", text: "1")
        let first = try TemporaryFolder()
        let second = try TemporaryFolder()
        for folder in [first, second] {
            let writer = try SampleWriter()
            try writer.write(clip, in: folder.url)
            try writer.write(still, in: folder.url)
        }
        for name in [clip.fileName, still.fileName] {
            let a = try Data(contentsOf: first.url.appendingPathComponent(name))
            let b = try Data(contentsOf: second.url.appendingPathComponent(name))
            #expect(a == b, "\(name) differs between runs")
        }
    }

    @Test func framesDiffer() throws {
        let folder = try TemporaryFolder()
        let url = try SampleWriter().write(SampleClip(fileName: "moving.mp4", duration: 0.5, audio: .none), in: folder.url)
        let input = try InputFile(url: url)
        let packet = try Packet()
        var sizes: [Int] = []
        while try input.read(into: packet) {
            sizes.append(packet.data.count)
        }
        #expect(sizes.count == 15)
        #expect(sizes.dropFirst().allSatisfy { $0 > 20 }, "P-frames should carry the moving bar, not be empty skips")
    }

    @Test func truncatedFileIsHalfTheRealOne() throws {
        let folder = try TemporaryFolder()
        let clip = SampleClip(fileName: "whole.mp4", duration: 1)
        let writer = try SampleWriter()
        let whole = try writer.write(clip, in: folder.url)
        var cut = clip
        cut.fileName = "cut.mp4"
        let truncated = try writer.write(DamagedSample.truncated(cut), in: folder.url)
        let wholeSize = try #require(try FileManager.default.attributesOfItem(atPath: whole.path)[.size] as? Int)
        let cutSize = try #require(try FileManager.default.attributesOfItem(atPath: truncated.path)[.size] as? Int)
        #expect(cutSize == wholeSize / 2)
    }
}

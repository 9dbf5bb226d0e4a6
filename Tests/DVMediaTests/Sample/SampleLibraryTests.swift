import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVMedia
@testable import DVSamples

/// The demo library, written once for the suite, probes and decodes as its catalogue says.
@Suite struct SampleLibraryTests {
    /// One demo library shared by the tests of this suite (writing it takes a few seconds).
    private static let demo = Task { () throws -> (folder: TemporaryFolder, summary: SampleLibrary.Summary) in
        MediaLog.silence()
        let folder = try TemporaryFolder()
        return (folder, try await SampleLibrary.writeDemo(to: folder.url))
    }

    private func library() async throws -> (SampleLibrary.Summary, [String: ProbeResult]) {
        let summary = try await Self.demo.value.summary
        var results: [String: ProbeResult] = [:]
        for name in summary.files {
            results[name] = MediaProbe.probe(summary.libraryFolder.appendingPathComponent(name))
        }
        return (summary, results)
    }

    private func media(_ result: ProbeResult?) throws -> MediaInfo {
        guard case let .media(info)? = result else { throw MediaError.io(path: "", reason: "not media: \(String(describing: result))") }
        return info
    }

    @Test func everyFileIsThereAndOnlyTheTruncatedOneIsUnreadable() async throws {
        let (summary, results) = try await library()
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: summary.libraryFolder.path).sorted()
        #expect(onDisk == summary.files.sorted())
        #expect(summary.files.count == 34)
        let unreadable = results.filter { if case .unreadable = $0.value { true } else { false } }.keys
        #expect(Array(unreadable) == ["IMG_0025.MOV"])
        #expect(FileManager.default.fileExists(atPath: summary.jobFile.path))
    }

    /// Each clip lasts what its catalogue entry asks (2, 2.5, 3 or 4 s), in the container and in the
    /// decoded frames, within one frame.
    @Test func clipsDecodeToTheirOwnDurationsAndSizes() async throws {
        let (summary, results) = try await library()
        let planned = SampleLibrary.demoCatalogue.compactMap { item -> SampleClip? in
            if case let .clip(clip) = item.content { clip } else { nil }
        }
        #expect(planned.count == 30)
        for clip in planned {
            let name = clip.fileName
            let info = try media(results[name])
            let census = try FrameCensus.take(summary.libraryFolder.appendingPathComponent(name))
            let frameRate = try #require(info.video?.frameRate)
            let duration = try #require(info.duration)
            #expect(census.pictureWidth == 640 && census.pictureHeight == 360, "\(name)")
            #expect(abs(duration - clip.duration) <= 1 / frameRate + 0.03, "\(name) lasts \(duration) s, planned \(clip.duration) s")
            #expect(abs(census.videoDuration - clip.duration) <= 1 / frameRate + 0.03, "\(name) decodes to \(census.videoDuration) s")
        }
    }

    @Test func theDemoTuneIsSixSecondsOfStereoSound() async throws {
        let summary = try await Self.demo.value.summary
        let music = try #require(summary.musicFile)
        #expect(music.path.hasSuffix("/music/theme.m4a"))
        let samples = try AudioClipReader(.file(music.path)).readAll(limit: 48_000 * 60)
        #expect(abs(samples.count - 6 * 48_000) <= 1_024, "\(samples.count) samples")
        #expect(samples.hasSound)
        #expect(samples.samplePeak < 0.5)
    }

    @Test func captureTagsDayByDay() async throws {
        let (_, results) = try await library()
        let lateNight = try media(results["IMG_0003.MOV"]).tags
        #expect(lateNight.localCreationDate == "2024-12-03T23:40:00-0800")
        #expect(lateNight.creationTime == "2024-12-04T07:40:00.000000Z")
        #expect(try media(results["VID_20241214_101500.mp4"]).tags == CaptureTags())
        #expect(try media(results["holiday-party.mp4"]).tags == CaptureTags())
        #expect(try media(results["PXL_20241213_173000123.mp4"]).tags == CaptureTags(creationTime: "2024-12-14T01:30:00.000000Z"))
        let still = try media(results["IMG_0005.JPG"])
        let movie = try media(results["IMG_0005.MOV"])
        #expect(still.isStill)
        #expect(movie.tags.contentIdentifier == "D3A0C1E2-2024-4C0D-9E11-000000000005")
    }

    @Test func modificationTimeOfTheUntaggedUndatedClip() async throws {
        let (summary, _) = try await library()
        let attributes = try FileManager.default.attributesOfItem(atPath: summary.libraryFolder.appendingPathComponent("holiday-party.mp4").path)
        let date = try #require(attributes[.modificationDate] as? Date)
        #expect(date == SampleTags.date(fromLocal: "2024-12-17T19:00:00-0800"))
    }

    @Test func streamsVaryAsDescribed() async throws {
        let (_, results) = try await library()
        #expect(try media(results["IMG_0004.MOV"]).video?.rotation == 90)
        #expect(try media(results["IMG_0004.MOV"]).video?.displaySize.width == 360)
        #expect(try media(results["IMG_0002.MOV"]).video?.frameRate == 60)
        #expect(try media(results["IMG_0007.MOV"]).video?.frameRate == 24)
        #expect(try media(results["IMG_0014.MOV"]).video?.codec == "hevc")
        #expect(try media(results["IMG_0020.MOV"]).audio == nil)
        #expect(try media(results["IMG_0022.MOV"]).audio?.layout == "5.1")
        #expect(try media(results["IMG_0024.MOV"]).video?.isVariableFrameRate == true)
        #expect(try media(results["PXL_20241213_173000123.mp4"]).audio?.sampleRate == 44_100)
        #expect(try media(results["IMG_0001.MOV"]).audio?.channels == 2)
    }

    @Test func jobUsesEveryFeatureTheDemoShows() async throws {
        let (summary, _) = try await library()
        let job = try String(contentsOf: summary.jobFile, encoding: .utf8)
        for expected in [
            "version: 1", "paths: [library]", "timezone: America/Los_Angeles", "month: 2024-12",
            "2024-12-08: { pin: IMG_0006.MOV }", "pin: { file: IMG_0013.MOV, start: 0.5s }", "{ skip: true }",
            "caption: \"Grandma's birthday\"", "path: ../out/demo.mp4", "resolution: 640x360",
            "transition: { style: crossfade, duration: 0.5s }", "- date: {", "intro: {", "outro: {"
        ] {
            #expect(job.contains(expected), "demo.yaml lacks \(expected)")
        }
    }
}

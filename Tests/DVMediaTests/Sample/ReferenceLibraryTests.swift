import DVMedia
import DVPlanning
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The benchmark's reference library: formats cycle day by day, clips decode at their sizes and rates,
/// and reference.yaml is a valid job over exactly those days.
@Suite struct ReferenceLibraryTests {
    @Test func formatsCycleDayByDayWithOneDatedClipADay() {
        let clips = SampleLibrary.referenceCatalogue(days: 8, clipSeconds: 4).compactMap { item -> SampleClip? in
            if case let .clip(clip) = item.content { clip } else { nil }
        }
        #expect(clips.count == 8)
        #expect(clips.map(\.fileName).first == "VID_20230101_120000.mp4")
        #expect(clips.map(\.fileName).last == "VID_20230108_120000.mp4")
        let formats = clips.map { "\($0.width)x\($0.height)@\($0.fps)" }
        #expect(
            formats == [
                "1920x1080@30", "1280x720@30", "1080x1920@30", "3840x2160@30", "1920x1080@60", "1440x1080@24",
                "1920x1080@30", "1280x720@30"
            ])
        #expect(clips.allSatisfy { $0.duration == 4 && $0.rotation == 0 })
        #expect(clips.allSatisfy { if case .tone = $0.audio { true } else { false } })
        #expect(clips[2].tags.localCreationDate == "2023-01-03T12:00:00+0000")
    }

    @Test func aYearEndsOnTheLastDayOfIt() throws {
        let job = SampleLibrary.referenceJob(days: 365)
        #expect(job.contains("timeframe: { from: 2023-01-01, to: 2023-12-31 }"))
        #expect(job.contains("path: out/reference-365d.mp4"))
    }

    @Test func smallLibraryDecodesAtItsSizesAndRatesAndItsJobLoads() async throws {
        MediaLog.silence()
        let folder = try TemporaryFolder()
        let summary = try await SampleLibrary.writeReference(to: folder.url, days: 3, clipSeconds: 1)
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: summary.libraryFolder.path).sorted()
        #expect(onDisk == ["VID_20230101_120000.mp4", "VID_20230102_120000.mp4", "VID_20230103_120000.mp4"])
        let expected = [(1920, 1080), (1280, 720), (1080, 1920)]
        for (name, size) in zip(onDisk, expected) {
            let url = summary.libraryFolder.appendingPathComponent(name)
            guard case let .media(info) = MediaProbe.probe(url) else {
                Issue.record("\(name) does not probe as media")
                continue
            }
            #expect(info.video?.frameRate == 30, "\(name)")
            #expect(info.audio?.sampleRate == 48_000, "\(name)")
            let census = try FrameCensus.take(url)
            #expect(census.pictureWidth == size.0 && census.pictureHeight == size.1, "\(name)")
            #expect(census.videoFrames == 30, "\(name)")
        }
        let loaded = JobLoader.load(path: summary.jobFile.path)
        #expect(loaded.errors.isEmpty, "\(loaded.diagnostics)")
        #expect(summary.jobFile.lastPathComponent == "reference.yaml")
        let text = try String(contentsOf: summary.jobFile, encoding: .utf8)
        #expect(text.contains("timeframe: { from: 2023-01-01, to: 2023-01-03 }"))
        #expect(text.contains("resolution: 1920x1080"))
        #expect(text.contains("video: { codec: h264, crf: 20, preset: veryfast }"))
    }
}

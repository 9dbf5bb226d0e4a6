import DVMedia
import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The x265 path: segments encoded separately with `repeat-headers=1` join by stream copy into a reel that
/// decodes whole, and two renders from empty work folders give the same bytes.
@Suite("hevc reel")
struct HEVCRenderTests {
    /// The job: the six input shapes of `FitRenderTests`, crossfaded, encoded with x265.
    static func job(library: URL, outputIn scratch: TemporaryFolder) throws -> Job {
        let yaml = """
            version: 1
            library: { paths: ["\(library.path)"], timezone: UTC }
            timeframe: { from: 2024-12-01, to: 2024-12-06 }
            clips: { video: { duration: 1s } }
            transition: { style: crossfade, duration: 0.2s }
            output: { path: out/reel.mp4, resolution: 160x90, video: { codec: hevc, crf: 28, preset: ultrafast } }
            """
        let loaded = JobLoader.load(text: yaml, file: "hevc.yaml", directory: scratch.url.path)
        return try #require(loaded.job, "\(loaded.diagnostics)")
    }

    @Test("an x265 reel decodes whole with the planned frames, and renders again to the same bytes")
    func hevcReelDecodesAndRepeats() async throws {
        let media = try TemporaryFolder()
        let library = try FitRenderTests.writeLibrary(in: media.url)

        let first = try TemporaryFolder()
        let (report, reel, _) = try await ReelRenderTests.render(try Self.job(library: library, outputIn: first), in: first)
        #expect(report.layout.pieces.count { $0.source.clip != nil } == FitRenderTests.clips.count)
        #expect(report.renderedCount == report.layout.segments.count)
        guard case let .media(info) = MediaProbe.probe(reel.output) else {
            Issue.record("the reel does not probe")
            return
        }
        #expect(info.video?.codec == "hevc")
        #expect(info.video?.pixelFormat == "yuv420p")
        let census = try FrameCensus.take(reel.output)
        #expect(census.videoFrames == report.layout.frameCount)
        #expect(census.pictureWidth == 160 && census.pictureHeight == 90)
        // Six one-second clips at 30 fps, five 0.2 s overlaps.
        #expect(report.layout.frameCount == 6 * 30 - 5 * 6)

        let second = try TemporaryFolder()
        let again = try await ReelRenderTests.render(try Self.job(library: library, outputIn: second), in: second)
        #expect(again.report.renderedCount == again.report.layout.segments.count, "nothing to reuse in a new work folder")
        #expect(try Data(contentsOf: again.reel.output) == Data(contentsOf: reel.output))
    }
}

import DVMedia
import DVPlanning
import Foundation

/// The finished reel: the assemble stage's product.
public struct AssembledReel: Sendable {
    public let output: URL
    public let frameCount: Int
    public let byteCount: Int64
}

/// Assemble: joins every segment by stream copy with the sound track into the output file, which
/// appears only when complete (a previous output stays untouched until then).
struct AssembleStage {
    let work: WorkFolder

    /// Throws `segmentsMissing` unless every segment of `layout` is finished in the work folder.
    func checkComplete(_ layout: ReelLayout) throws {
        let missing = layout.segments.filter { work.finishedSegment($0.key) == nil }.count
        guard missing == 0 else {
            throw RenderError.segmentsMissing(count: missing, total: layout.segments.count)
        }
    }

    /// Joins the segments of `layout` (all finished: see `checkComplete`), `audio` and the `subtitles` (none:
    /// no subtitle stream) into `output`.
    func assemble(
        _ layout: ReelLayout, audio: EncodedAudio, subtitles: [SubtitleCue], into output: URL, observer: some RenderObserver
    ) throws -> AssembledReel {
        observer.handle(.stageStarted(.assemble, total: 1))
        do {
            try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let frames = try SegmentJoiner(fps: layout.canvas.fps).join(
                layout.segments.map { work.segmentFile($0.key) }, audio: audio.file, subtitles: subtitles, into: output
            )
            let size = (try FileManager.default.attributesOfItem(atPath: output.path)[.size] as? NSNumber)?.int64Value ?? 0
            observer.handle(.unitFinished(.assemble, done: 1, total: 1, reused: false, name: output.path))
            observer.handle(.stageFinished(.assemble))
            return AssembledReel(output: output, frameCount: frames, byteCount: size)
        } catch let error as MediaError {
            throw RenderError.outputFailed(path: output.path, reason: error.description)
        } catch let error as CocoaError {
            throw RenderError.outputFailed(path: output.path, reason: error.localizedDescription)
        }
    }
}

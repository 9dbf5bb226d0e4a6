import DVFiles
import DVMedia
import DVPlanning
import Foundation

/// The finished reel: the assemble stage's product.
package struct AssembledReel: Sendable {
    package let output: URL
    package let frameCount: Int
    package let byteCount: Int64
    /// The output file's SHA-256, as the assemble manifest records it.
    package let sha256: String
    /// True when the output was already exactly this assembly and was kept as it was.
    package let reused: Bool
}

/// Assemble: joins every segment by stream copy with the sound track into the output file, which
/// appears only when complete (a previous output stays untouched until then).
struct AssembleStage {
    let work: WorkFolder

    /// Throws `segmentsMissing` unless every segment of `layout` is finished in the work folder.
    func checkComplete(_ layout: ReelLayout) throws {
        let missing = layout.segments.filter { work.segments.finished($0.key) == nil }.count
        guard missing == 0 else {
            throw RenderError.segmentsMissing(count: missing, total: layout.segments.count)
        }
    }

    /// What assembling `layout` for `job` would write, as `status` and `assemble` both ask it: the subtitle
    /// cues the output carries (none unless `output.subtitles`) and the `WorkKey` naming the assembly.
    func recipe(_ layout: ReelLayout, job: Job) throws -> (subtitles: [SubtitleCue], inputs: String) {
        let subtitles = job.output.subtitles ? layout.subtitleCues(job: job) : []
        let audioTrack = try AudioStage(work: work, job: job).trackFile(for: layout)
        let withoutEditLists = job.output.profile != nil
        return (subtitles, try inputs(layout, audioTrack: audioTrack, subtitles: subtitles, withoutEditLists: withoutEditLists))
    }

    /// The `WorkKey` naming an assembly: the segments' keys in order, the sound track's key, the subtitles and,
    /// for an output with a `profile:`, that its container has no edit lists (absent otherwise, so outputs
    /// without a profile keep their keys).
    private func inputs(_ layout: ReelLayout, audioTrack: URL, subtitles: [SubtitleCue], withoutEditLists: Bool) throws -> String {
        struct Material: Encodable {
            var segments: [String]
            var audioTrack: String
            var subtitles: [SubtitleCue]
            var withoutEditLists: Bool?
        }
        return try WorkKey.make(
            "assemble",
            Material(
                segments: layout.segments.map(\.key), audioTrack: audioTrack.lastPathComponent, subtitles: subtitles,
                withoutEditLists: withoutEditLists ? true : nil
            ))
    }

    /// The output (named `name` in `outputs:`) as the last assembly left it, if it is still exactly an
    /// assembly of `inputs` (same record, same SHA-256); nil when it has to be assembled.
    func unchangedOutput(inputs: String, output: URL, name: String?, observer: some RenderObserver) -> AssembledReel? {
        guard work.outputState(inputs: inputs, output: output, name: name, checkContent: true) == .upToDate,
            let record = work.recordedAssembly(output: name)
        else { return nil }
        observer.handle(.stageStarted(.assemble, total: 1))
        observer.handle(.unitFinished(.assemble, done: 1, total: 1, reused: true, name: output.path))
        observer.handle(.stageFinished(.assemble))
        return AssembledReel(output: output, frameCount: record.frameCount, byteCount: record.byteCount, sha256: record.fileHash, reused: true)
    }

    /// Joins the segments of `layout` (all finished: see `checkComplete`), `audio` and the `subtitles` (none:
    /// no subtitle stream) into `output` (`withoutEditLists` for an output with a profile), and records the
    /// assembly of `inputs` in the assemble manifest.
    func assemble(
        _ layout: ReelLayout, audio: EncodedAudio, subtitles: [SubtitleCue], into output: URL, name: String?, inputs: String,
        withoutEditLists: Bool, observer: some RenderObserver
    ) throws -> AssembledReel {
        observer.handle(.stageStarted(.assemble, total: 1))
        do {
            try FileManager.default.createDirectory(at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
            let frames = try SegmentJoiner(fps: layout.canvas.fps, withoutEditLists: withoutEditLists).join(
                layout.segments.map { work.segments.file($0.key) }, frameCounts: layout.segments.map(\.frameCount), audio: audio.file,
                subtitles: subtitles, into: output
            )
            let record = try work.recordAssembly(inputs: inputs, output: output, name: name, frameCount: frames)
            observer.handle(.unitFinished(.assemble, done: 1, total: 1, reused: false, name: output.path))
            observer.handle(.stageFinished(.assemble))
            return AssembledReel(output: output, frameCount: frames, byteCount: record.byteCount, sha256: record.fileHash, reused: false)
        } catch let error as MediaError {
            throw RenderError.outputFailed(path: output.path, reason: error.reason(besides: output.path))
        } catch let error as FileError {
            throw RenderError.outputFailed(path: output.path, reason: RenderError.reason(of: error, besides: output.path))
        } catch let error as CocoaError {
            throw RenderError.outputFailed(path: output.path, reason: error.localizedDescription)
        }
    }
}

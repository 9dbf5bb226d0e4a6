import DVMedia
import Foundation

/// A segment whose file and manifest record are in the work folder: the encode stage's product.
public struct EncodedSegment: Sendable {
    public let spec: SegmentSpec
    public let record: SegmentRecord
    /// True when the segment was found finished from an earlier run.
    public let reused: Bool

    fileprivate init(spec: SegmentSpec, record: SegmentRecord, reused: Bool) {
        self.spec = spec
        self.record = record
        self.reused = reused
    }
}

/// Encode: writes a segment's canvas frames with libx264/libx265 into its file, then records it.
struct EncodeStage {
    let canvas: CanvasSettings
    let work: WorkFolder

    /// The segment as finished by an earlier run, if its record and file check out.
    func reuse(_ spec: SegmentSpec) -> EncodedSegment? {
        work.finishedSegment(spec.key).map { EncodedSegment(spec: spec, record: $0, reused: true) }
    }

    func encode<Frames: CanvasFrameSource>(_ spec: SegmentSpec, frames: inout Frames) throws -> EncodedSegment {
        let writer = try SegmentWriter(destination: work.segmentFile(spec.key), settings: encoderSettings)
        var written = 0
        while written < spec.frameCount, let frame = try frames.next() {
            try writer.append(frame)
            written += 1
        }
        guard written == spec.frameCount else {
            throw RenderError.clipFailed(
                path: spec.clips.map(\.path).joined(separator: ", "),
                reason: "ended after \(written) of \(spec.frameCount) frames"
            )
        }
        try writer.finish()
        let record = try work.recordSegment(spec.key, frameCount: written, encoderThreads: canvas.encoderThreads)
        return EncodedSegment(spec: spec, record: record, reused: false)
    }

    var encoderSettings: VideoEncoder.Settings {
        VideoEncoder.Settings(
            codec: VideoCodec(rawValue: canvas.codec) ?? .h264, width: canvas.width, height: canvas.height, fps: canvas.fps,
            crf: canvas.crf, preset: canvas.preset, threads: canvas.encoderThreads, stitchable: true
        )
    }
}

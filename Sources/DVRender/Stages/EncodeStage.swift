import DVMedia
import Foundation

/// A segment whose file and manifest record are in the work folder: the encode stage's product.
package struct EncodedSegment: Sendable {
    package let spec: SegmentSpec
    package let record: SegmentRecord
    package let origin: SegmentOrigin

    /// True when this process did not encode it.
    package var reused: Bool { origin != .rendered }

    init(spec: SegmentSpec, record: SegmentRecord, origin: SegmentOrigin) {
        self.spec = spec
        self.record = record
        self.origin = origin
    }
}

/// Encode: writes a segment's canvas frames with libx264, libx265 or SVT-AV1 into its file, then records it.
struct EncodeStage {
    let canvas: CanvasSettings
    let work: WorkFolder

    func encode<Frames: CanvasFrameSource>(_ spec: SegmentSpec, frames: inout Frames) throws -> EncodedSegment {
        let writer = try SegmentWriter(destination: work.segments.file(spec.key), settings: encoderSettings)
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
        let record = try work.segments.record(spec.key, frameCount: written, encoderThreads: canvas.encoderThreads)
        return EncodedSegment(spec: spec, record: record, origin: .rendered)
    }

    var encoderSettings: VideoEncoder.Settings {
        VideoEncoder.Settings(
            codec: canvas.codec, width: canvas.width, height: canvas.height, fps: canvas.fps,
            crf: canvas.crf, preset: canvas.preset, threads: canvas.encoderThreads, tenBit: canvas.format.bytesPerSample == 2,
            keyframeInterval: canvas.keyframeInterval ?? 0, stitchable: true, colour: EncodedColour(canvas.format),
            maximumBitrate: canvas.maximumVideoBitrate ?? 0
        )
    }
}

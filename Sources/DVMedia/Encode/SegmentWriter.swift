import Foundation

/// Encodes a run of canvas frames into one independent segment file that joins with the others by
/// stream copy: stitchable encoder headers, the first frame forced to an IDR picture (and checked).
///
/// Segments are MP4: the timestamps stay exact (the MP4 muxer keeps a time scale that is a multiple
/// of the frame rate, where Matroska would round them to milliseconds) and the codec headers sit out
/// of band in the same form as in the final MP4. The file appears only when `finish()` succeeds.
package final class SegmentWriter {
    /// Where the finished segment goes.
    package let destination: URL
    /// Frames appended so far.
    package private(set) var frameCount = 0
    private let encoder: VideoEncoder
    private let muxer: Muxer
    private let stream: Int
    private var packetCount = 0

    /// Prepares a segment encoded with `settings` (stitchable and global headers are forced on), muxed with
    /// `muxerOptions` (such as `movflags=+faststart`).
    package init(destination: URL, settings: VideoEncoder.Settings, muxerOptions: [String: String] = [:]) throws {
        var settings = settings
        settings.stitchable = true
        settings.globalHeader = true
        self.destination = destination
        encoder = try VideoEncoder(settings: settings)
        muxer = try Muxer(destination: destination, format: "mp4", options: muxerOptions)
        stream = try muxer.addStream(for: encoder)
        try muxer.writeHeader()
    }

    /// Encodes the next frame (a canvas frame of the settings' size, yuv420p).
    package func append(_ frame: VideoFrame) throws {
        try encoder.encode(frame, pts: Int64(frameCount), forceKeyframe: frameCount == 0) { try write($0) }
        frameCount += 1
    }

    /// Flushes the encoder and moves the finished file into place; returns the frame count.
    @discardableResult
    package func finish() throws -> Int {
        try encoder.flush { try write($0) }
        guard packetCount == frameCount, frameCount > 0 else {
            throw MediaError.cannotJoin(segment: destination.path, reason: "\(frameCount) frames gave \(packetCount) packets")
        }
        try muxer.finish()
        return frameCount
    }

    private func write(_ packet: Packet) throws {
        if packetCount == 0 && !packet.isKeyframe {
            throw MediaError.cannotJoin(segment: destination.path, reason: "the encoder did not start with a keyframe")
        }
        // Every frame lasts one tick of the encoder's time base (1/fps). libx264 leaves the duration at 0, and
        // the MP4 muxer then ends the edit list at the last frame's start: a reader drops that frame where no
        // reorder delay shifts the list (a segment of one or two frames).
        if packet.duration == 0 {
            packet.duration = 1
        }
        packetCount += 1
        try muxer.write(packet, stream: stream)
    }
}

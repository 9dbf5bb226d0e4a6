import Foundation

/// What a full decode of a file's first video and first audio stream finds, as `ffprobe` counts it: every
/// frame decoded by another program than dvpipe, so tests can check a file really holds what its headers
/// claim. (The index uses `MediaProbe`, which does not decode.)
package struct FrameCensus: Sendable, Equatable {
    /// Number of decoded video frames.
    package var videoFrames = 0
    /// Seconds from the first video frame's start to the last one's end.
    package var videoDuration = 0.0
    /// Width and height of the decoded pictures (of the last one; 0 without video).
    package var pictureWidth = 0
    package var pictureHeight = 0
    /// Decoded audio samples per channel.
    package var audioSamples = 0

    /// What `ffprobe -show_streams -show_frames` prints as JSON, the fields the census reads.
    private struct Probe: Decodable {
        struct Stream: Decodable {
            var index: Int
            var codecType: String
            var timeBase: String
        }

        /// A frame, or a subtitle (which has no stream index).
        struct Frame: Decodable {
            var streamIndex: Int?
            var bestEffortTimestamp: Int64?
            var pktDuration: Int64?
            var width: Int?
            var height: Int?
            var nbSamples: Int?
        }

        var streams: [Stream]
        var frames: [Frame]
    }

    /// Decodes every frame of the first video and first audio stream of `url` with `ffprobe`; throws when
    /// ffprobe is not installed (`make test` installs it) or cannot read the file.
    package static func take(_ url: URL) throws -> FrameCensus {
        guard let ffprobe = ReferenceCommand.ffprobe else {
            throw ReferenceCommand.Failure(description: "ffprobe is not installed: the frame census decodes with it")
        }
        let printed = try ReferenceCommand.output(
            ffprobe,
            [
                "-v", "error", "-show_entries", "stream=index,codec_type,time_base",
                "-show_entries", "frame=stream_index,best_effort_timestamp,pkt_duration,width,height,nb_samples", "-of", "json", url.path
            ])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let probe = try decoder.decode(Probe.self, from: printed)
        let video = probe.streams.first { $0.codecType == "video" }
        let audio = probe.streams.first { $0.codecType == "audio" }
        var census = FrameCensus()
        var first: Int64?
        var end: Int64 = 0
        for frame in probe.frames {
            guard let index = frame.streamIndex else { continue }
            if index == video?.index {
                let start = frame.bestEffortTimestamp ?? 0
                census.videoFrames += 1
                census.pictureWidth = frame.width ?? 0
                census.pictureHeight = frame.height ?? 0
                first = min(first ?? start, start)
                end = max(end, start + (frame.pktDuration ?? 0))
            } else if index == audio?.index {
                census.audioSamples += frame.nbSamples ?? 0
            }
        }
        if let video, let first {
            let parts = video.timeBase.split(separator: "/").compactMap { Double($0) }
            guard parts.count == 2, parts[1] > 0 else {
                throw ReferenceCommand.Failure(description: "ffprobe gave \(url.path)'s video the time base \(video.timeBase)")
            }
            census.videoDuration = Double(end - first) * parts[0] / parts[1]
        }
        return census
    }
}

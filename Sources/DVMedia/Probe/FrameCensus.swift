import Foundation

/// What a full decode of a file's first video and audio streams finds: every frame counted, so tests
/// can check a file really holds what its headers claim. (The index uses `MediaProbe`, which does not decode.)
public struct FrameCensus: Sendable, Equatable {
    /// One decoded frame, in its stream's time base.
    struct Frame {
        var timestamp: Int64
        var duration: Int64
        var width: Int
        var height: Int
        var samples: Int
    }

    /// Number of decoded video frames.
    public var videoFrames: Int
    /// Seconds from the first video frame's start to the last one's end.
    public var videoDuration: Double
    /// Width and height of the decoded pictures (of the last one; 0 without video).
    public var pictureWidth = 0
    public var pictureHeight = 0
    /// Decoded audio samples per channel.
    public var audioSamples: Int

    /// Decodes every packet of the first video and first audio stream of `url`.
    public static func take(_ url: URL) throws -> FrameCensus {
        let input = try InputFile(url: url)
        var census = FrameCensus(videoFrames: 0, videoDuration: 0, audioSamples: 0)
        let video = try input.firstStream(.video).map { (index: $0, decoder: try CensusDecoder(parameters: try input.parameters(stream: $0), path: url.path)) }
        let audio = try input.firstStream(.audio).map { (index: $0, decoder: try CensusDecoder(parameters: try input.parameters(stream: $0), path: url.path)) }
        var first: Int64?
        var end: Int64 = 0
        let countVideo = { (frame: Frame) in
            census.videoFrames += 1
            census.pictureWidth = frame.width
            census.pictureHeight = frame.height
            first = min(first ?? frame.timestamp, frame.timestamp)
            end = max(end, frame.timestamp + frame.duration)
        }
        let countAudio = { (frame: Frame) in census.audioSamples += frame.samples }
        let packet = try Packet()
        while try input.read(into: packet) {
            if packet.streamIndex == video?.index {
                try video?.decoder.decode(packet, output: countVideo)
            } else if packet.streamIndex == audio?.index {
                try audio?.decoder.decode(packet, output: countAudio)
            }
        }
        try video?.decoder.decode(nil, output: countVideo)
        try audio?.decoder.decode(nil, output: countAudio)
        if let video, let first {
            let base = input.timeBase(stream: video.index)
            census.videoDuration = Double(end - first) * Double(base.numerator) / Double(base.denominator)
        }
        return census
    }
}

internal import CFFmpeg
import DVMediaFacts
import Foundation

/// Joins segment files by stream copy (no re-encoding) into one MP4, optionally with an audio track
/// copied from an already encoded file.
///
/// Before its packets are copied, every segment is checked against the first: byte-identical codec headers
/// (extradata), the same time base, codec, size and reorder delay; and each must start with a
/// keyframe. Segment `i` is placed after the frames of the segments before it (frame counts × frame
/// duration, never container durations). Decode times are counted the same way: the packet decoded
/// `k`th in the reel decodes at frame `k` minus the codec headers' reorder delay, which is what an encoder
/// gives a segment long enough to reorder that many frames, and what keeps a segment too short to reorder
/// (one or two frames, whose encoder gave them no delay) from decoding before the end of the one before it.
/// The output is `+faststart`, bit-exact, without a creation time, and appears at its destination only
/// when complete.
package struct SegmentJoiner: Sendable {
    /// The frame rate every segment was encoded at.
    package let fps: Int
    /// True to write no edit lists, as upload specifications ask: the video's reorder delay goes into
    /// negative composition offsets (so it still starts at 0), and the AAC encoder's priming (1024 samples,
    /// 21 ms of silence at 48 kHz) is played rather than cut, so the sound starts 21 ms late.
    package let withoutEditLists: Bool

    /// A joiner for segments at `fps` frames per second.
    package init(fps: Int, withoutEditLists: Bool = false) {
        self.fps = fps
        self.withoutEditLists = withoutEditLists
    }

    /// The MP4 muxer's options.
    private var muxerOptions: [String: String] {
        withoutEditLists ? ["movflags": "+faststart+negative_cts_offsets", "use_editlist": "0"] : ["movflags": "+faststart"]
    }

    /// Joins `segments` in order into `destination`, adding the audio stream of `audio` (an MP4/M4A
    /// with AAC, whose packets are copied as they are) when given, and a `mov_text` subtitle stream when
    /// there are `subtitles`. With `frameCounts`, each segment must hold as many frames as its count says
    /// (else the join fails naming it). Returns the total frame count.
    @discardableResult
    package func join(
        _ segments: [URL], frameCounts: [Int]? = nil, audio: URL? = nil, subtitles: [SubtitleCue] = [], into destination: URL
    ) throws -> Int {
        guard let first = segments.first else {
            throw MediaError.cannotJoin(segment: destination.path, reason: "no segments to join")
        }
        let reference = try SegmentStream(url: first)
        let muxer = try Muxer(destination: destination, format: "mp4", options: muxerOptions)
        let videoStream = try muxer.addStream(copying: reference.parameters)
        let soundtrack = try audio.map { try Soundtrack(url: $0, muxer: muxer) }
        let captions = subtitles.isEmpty ? nil : try SubtitleStream(cues: subtitles, muxer: muxer)
        try muxer.writeHeader()

        let frameRate = AVRational(num: 1, den: Int32(fps))
        let delay = Int64(reference.parameters.videoDelay)
        var framesBefore: Int64 = 0
        for (position, segment) in segments.enumerated() {
            // Each segment is opened once and checked before its packets are copied; a segment that cannot
            // be joined ends the join, and the unfinished output is deleted (see `Muxer`).
            let source = position == 0 ? reference : try SegmentStream(url: segment)
            try source.checkJoinable(with: reference)
            let offset = av_rescale_q(framesBefore, frameRate, source.timeBase) - source.firstPTS
            var decoded = framesBefore
            let frames = try source.copyPackets { packet in
                packet.pointer.pointee.pts += offset
                packet.pointer.pointee.dts = av_rescale_q(decoded - delay, frameRate, source.timeBase)
                decoded += 1
                guard packet.pointer.pointee.dts <= packet.pointer.pointee.pts else {
                    throw MediaError.cannotJoin(
                        segment: segment.path, reason: "it reorders more frames than its codec headers say (\(delay))")
                }
                try soundtrack?.write(upTo: packet.pointer.pointee.dts, in: source.timeBase)
                try captions?.write(upTo: Int(av_rescale_q(packet.pointer.pointee.dts, source.timeBase, AVRational(num: 1, den: 1000))))
                try muxer.write(packet, stream: videoStream)
            }
            if let expected = frameCounts?[position], frames != expected {
                throw MediaError.cannotJoin(segment: segment.path, reason: "it holds \(frames) frames where its record says \(expected)")
            }
            framesBefore += Int64(frames)
        }
        try soundtrack?.writeRest()
        try captions?.write(upTo: Int.max)
        try muxer.finish()
        return Int(framesBefore)
    }
}

/// The video stream of one segment file, open for checking and copying.
private final class SegmentStream {
    let url: URL
    let container: ContainerReader
    let index: Int
    let parameters: StreamParameters
    let timeBase: AVRational
    let firstPTS: Int64
    private let packet: Packet

    init(url: URL) throws {
        self.url = url
        container = try ContainerReader(.file(url.path))
        index = try container.bestVideoStream()
        parameters = try container.parameters(of: index)
        timeBase = parameters.timeBase
        let start = container.stream(index).pointee.start_time
        firstPTS = start == dv_nopts_value() ? 0 : start
        packet = try Packet()
    }

    /// Throws `cannotJoin` naming this segment when it differs from `reference` in anything that
    /// decides whether the joined stream decodes.
    func checkJoinable(with reference: SegmentStream) throws {
        let mine = parameters.pointer.pointee, theirs = reference.parameters.pointer.pointee
        let problem: String? =
            if mine.codec_id != theirs.codec_id {
                "a different codec than \(reference.url.lastPathComponent)"
            } else if mine.width != theirs.width || mine.height != theirs.height {
                "\(mine.width)x\(mine.height), not \(theirs.width)x\(theirs.height) like \(reference.url.lastPathComponent)"
            } else if av_cmp_q(timeBase, reference.timeBase) != 0 {
                "time base \(timeBase.num)/\(timeBase.den), not \(reference.timeBase.num)/\(reference.timeBase.den)"
            } else if parameters.videoDelay != reference.parameters.videoDelay {
                "reorder delay \(parameters.videoDelay), not \(reference.parameters.videoDelay)"
            } else if parameters.extradata != reference.parameters.extradata {
                "codec headers (SPS/PPS) differ from \(reference.url.lastPathComponent)'s; encode every segment with the same settings"
            } else { nil }
        if let problem {
            throw MediaError.cannotJoin(segment: url.path, reason: problem)
        }
    }

    /// Hands every packet of the video stream to `body` in file order; returns how many (one per frame).
    func copyPackets(_ body: (Packet) throws -> Void) throws -> Int {
        var count = 0
        while try container.read(into: packet) {
            defer { packet.reset() }
            guard packet.pointer.pointee.stream_index == Int32(index) else { continue }
            if count == 0 && !packet.isKeyframe {
                throw MediaError.cannotJoin(segment: url.path, reason: "it does not start with a keyframe")
            }
            count += 1
            try body(packet)
        }
        return count
    }
}

/// An encoded audio track copied into the joined file, interleaved with the video by time.
private final class Soundtrack {
    let url: URL
    private let container: ContainerReader
    private let index: Int
    private let timeBase: AVRational
    private let stream: Int
    private let muxer: Muxer
    private let packet: Packet
    private var pending = false
    private var ended = false

    init(url: URL, muxer: Muxer) throws {
        self.url = url
        self.muxer = muxer
        container = try ContainerReader(.file(url.path))
        index = try container.bestAudioStream()
        timeBase = container.stream(index).pointee.time_base
        stream = try muxer.addStream(copying: container.parameters(of: index))
        packet = try Packet()
    }

    /// Writes the audio packets that decode at or before `dts` (in `videoTimeBase`).
    func write(upTo dts: Int64, in videoTimeBase: AVRational) throws {
        while try fill(), av_compare_ts(packet.pointer.pointee.dts, timeBase, dts, videoTimeBase) <= 0 {
            try flushPending()
        }
    }

    /// Writes every audio packet left.
    func writeRest() throws {
        while try fill() {
            try flushPending()
        }
    }

    /// Makes sure a packet of the audio stream is pending; false at the end of the file.
    private func fill() throws -> Bool {
        while !pending && !ended {
            if try container.read(into: packet) {
                if packet.pointer.pointee.stream_index == Int32(index) {
                    pending = true
                } else {
                    packet.reset()
                }
            } else {
                ended = true
            }
        }
        return pending
    }

    private func flushPending() throws {
        pending = false
        defer { packet.reset() }
        try muxer.write(packet, stream: stream)
    }
}

internal import CFFmpeg
import DVMediaFacts
import Foundation

/// An input file opened with libavformat for the audio track a clip is heard through (`AudioTrackChoice`),
/// owning the `AVFormatContext`.
/// Private to the audio stage until the media layer has one shared input type.
final class AudioDemuxer {
    let path: String
    private var context: UnsafeMutablePointer<AVFormatContext>?
    /// The custom I/O a file on a server is read through; nil for a local file.
    private let input: ReaderInput?
    /// Index of the chosen audio stream, or nil when the file has none.
    let streamIndex: Int?

    /// Opens the file at `location` (or the movie at its `byteRange`) for its sound.
    init(_ location: MediaLocation) throws {
        path = location.path
        let opened = try OpenedContainer.open(location)
        let context: UnsafeMutablePointer<AVFormatContext>? = opened.context
        self.context = context
        input = opened.input
        let streams = (0..<Int(context!.pointee.nb_streams)).map { context!.pointee.streams[$0]! }
        // Only the sound is read: the other streams are left out of the probe, which would otherwise
        // decode a picture of a video stream (a 4K keyframe, for a phone clip) to learn its pixel format.
        for stream in streams where stream.pointee.codecpar.pointee.codec_type != AVMEDIA_TYPE_AUDIO {
            stream.pointee.discard = AVDISCARD_ALL
        }
        try check(avformat_find_stream_info(context, nil), "reading stream information", path: path)
        streamIndex = AudioTrackChoice.choose(among: streams)?.stream
    }

    deinit {
        avformat_close_input(&context)
    }

    private var stream: UnsafeMutablePointer<AVStream>? {
        streamIndex.map { context!.pointee.streams[$0]! }
    }

    /// The audio stream's codec parameters (only valid while the demuxer lives).
    var parameters: UnsafeMutablePointer<AVCodecParameters>? { stream?.pointee.codecpar }

    /// The audio stream's time base.
    var timeBase: AVRational { stream?.pointee.time_base ?? AVRational(num: 1, den: 1) }

    /// The audio stream's length in seconds as the container states it (else the container's), nil when unknown.
    var duration: Double? {
        if let stream, stream.pointee.duration > 0 { return Double(stream.pointee.duration) * av_q2d(stream.pointee.time_base) }
        guard let context, context.pointee.duration > 0 else { return nil }
        return Double(context.pointee.duration) / Double(AV_TIME_BASE)
    }

    /// Seeks the audio stream to the last packet at or before `seconds`.
    func seek(toSeconds seconds: Double) throws {
        guard let streamIndex else { return }
        let target = av_rescale_q(Int64((seconds * 1_000_000).rounded(.down)), AVRational(num: 1, den: 1_000_000), timeBase)
        try check(av_seek_frame(context, Int32(streamIndex), target, AVSEEK_FLAG_BACKWARD), "seeking to \(seconds) s", path: path)
    }

    /// Reads the next packet of the audio stream into `packet`; false at the end of the file.
    func readAudioPacket(into packet: Packet) throws -> Bool {
        while true {
            packet.reset()
            let status = av_read_frame(context, packet.pointer)
            if status == dv_averror_eof() { return false }
            try check(status, "reading a packet", path: path)
            if Int(packet.pointer.pointee.stream_index) == streamIndex { return true }
        }
    }
}

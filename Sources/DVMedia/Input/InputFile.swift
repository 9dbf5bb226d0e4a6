internal import CFFmpeg
import DVPlanning
import Foundation

/// A media file opened for reading with libavformat, owning its `AVFormatContext`.
///
/// Opening reads the container header and then `avformat_find_stream_info`, so stream properties are
/// known; `read(into:)` then hands out the packets in file order. Keep an instance on one task.
public final class InputFile {
    /// The kinds of stream a caller asks for.
    public enum StreamKind: Sendable {
        case video
        case audio

        var mediaType: AVMediaType {
            switch self {
            case .video: AVMEDIA_TYPE_VIDEO
            case .audio: AVMEDIA_TYPE_AUDIO
            }
        }
    }

    /// The file that was opened.
    public let url: URL
    let context: UnsafeMutablePointer<AVFormatContext>

    /// Opens `url` (or the movie at `byteRange` inside it) and reads its stream info; throws
    /// `MediaError.ffmpeg` with FFmpeg's message when it cannot.
    public init(url: URL, byteRange: Range<Int>? = nil) throws {
        self.url = url
        var context: UnsafeMutablePointer<AVFormatContext>?
        try check(
            avformat_open_input(&context, MediaURL.forOpening(path: url.path, byteRange: byteRange), nil, nil), "opening the file", path: url.path)
        guard let context else {
            throw MediaError.ffmpeg(operation: "avformat_open_input", code: dv_averror(ENOMEM), message: "out of memory", path: url.path)
        }
        self.context = context
        try check(avformat_find_stream_info(context, nil), "reading the stream info", path: url.path)
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&context)
    }

    /// The demuxer's short name(s), e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `image2`.
    public var formatName: String {
        String(cString: context.pointee.iformat.pointee.name)
    }

    /// The container's duration in seconds, when it declares one.
    public var duration: Double? {
        let value = context.pointee.duration
        guard value != dv_nopts_value(), value > 0 else { return nil }
        return Double(value) / Double(AV_TIME_BASE)
    }

    /// Container-level metadata tags.
    public var metadata: [String: String] {
        Self.dictionary(context.pointee.metadata)
    }

    /// Metadata tags of stream `index`.
    public func metadata(stream index: Int) -> [String: String] {
        Self.dictionary(stream(index).pointee.metadata)
    }

    /// Number of streams in the file.
    public var streamCount: Int { Int(context.pointee.nb_streams) }

    /// The index of the first stream of `kind`, or nil.
    public func firstStream(_ kind: StreamKind) -> Int? {
        (0..<streamCount).first { stream($0).pointee.codecpar.pointee.codec_type == kind.mediaType }
    }

    /// The audio stream a clip is heard through (`AudioTrackChoice`) and why, or nil without one.
    public var chosenAudioStream: (stream: Int, choice: AudioTrackChoice)? {
        AudioTrackChoice.choose(among: (0..<streamCount).map(stream))
    }

    /// The codec parameters and time base of stream `index`, copied (for a decoder or a stream copy).
    public func parameters(stream index: Int) throws -> StreamParameters {
        let avStream = stream(index)
        return try StreamParameters(copying: avStream.pointee.codecpar, timeBase: avStream.pointee.time_base)
    }

    /// Time base of stream `index` as numerator and denominator.
    public func timeBase(stream index: Int) -> (numerator: Int, denominator: Int) {
        let base = stream(index).pointee.time_base
        return (Int(base.num), Int(base.den))
    }

    /// Reads the next packet of any stream into `packet` (dropping its previous payload);
    /// false at the end of the file.
    public func read(into packet: Packet) throws -> Bool {
        packet.reset()
        let status = av_read_frame(context, packet.pointer)
        if status == dv_averror_eof() { return false }
        try check(status, "reading a packet", path: url.path)
        return true
    }

    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    private static func dictionary(_ dictionary: OpaquePointer?) -> [String: String] {
        var result: [String: String] = [:]
        var entry: UnsafeMutablePointer<AVDictionaryEntry>?
        while let next = av_dict_get(dictionary, "", entry, AV_DICT_IGNORE_SUFFIX) {
            result[String(cString: next.pointee.key)] = String(cString: next.pointee.value)
            entry = next
        }
        return result
    }
}

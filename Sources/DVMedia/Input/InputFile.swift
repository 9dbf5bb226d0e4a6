internal import CFFmpeg
import DVMediaFacts
import DVMetadata
import Foundation

/// A media file opened for reading with libavformat, owning its `AVFormatContext`.
///
/// Opening reads the container header and then `avformat_find_stream_info`, so stream properties are
/// known; `read(into:)` then hands out the packets in file order. Keep an instance on one task.
package final class InputFile {
    /// The kinds of stream a caller asks for.
    package enum StreamKind: Sendable {
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
    package let location: MediaLocation
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The I/O context reading through a `ByteReader`, when the file was opened that way.
    private let customInput: ReaderInput?

    /// Opens the file at `location` (or the movie at its `byteRange`), a local file or one read through its byte
    /// source, and reads its stream info; throws `MediaError.ffmpeg` with FFmpeg's message when it cannot.
    package init(_ location: MediaLocation) throws {
        self.location = location
        let opened = try OpenedContainer.open(location)
        context = opened.context
        customInput = opened.input
        try check(avformat_find_stream_info(context, nil), "reading the stream info", path: location.path)
    }

    /// Opens the local file `url` and reads its stream info, as `init(_:)` does.
    package convenience init(url: URL) throws {
        try self.init(.file(url.path))
    }

    /// Opens the file at `location` through `reader` (or the movie at its `byteRange`), so what libavformat
    /// reads is read by position, cached and counted by the reader; throws as `init(_:)` does.
    /// With `headersOnly`, an MP4 or MOV whose streams its header describes in full (`HeaderStreamInfo`) is
    /// not read further (a probe's few KiB instead of its first pictures); any other file is read as always.
    /// The header is read through a small I/O buffer (`ReaderInput.headerBufferSize`), so libavformat's reads
    /// past a box it needs cost little; a file read further is opened again (its header from the reader's cache)
    /// on the usual buffer, `reader` then reading `ReaderInput.readAhead` bytes at a time at least.
    package init(_ location: MediaLocation, reading reader: ByteReader, headersOnly: Bool = false) throws {
        self.location = location
        if headersOnly {
            let opened = try OpenedContainer.open(location, reading: reader, bufferSize: ReaderInput.headerBufferSize)
            if HeaderStreamInfo.complete(opened.context) {
                context = opened.context
                customInput = opened.input
                return
            }
            var unused: UnsafeMutablePointer<AVFormatContext>? = opened.context
            avformat_close_input(&unused)
            reader.readAhead = max(reader.readAhead, ReaderInput.readAhead)
        }
        let opened = try OpenedContainer.open(location, reading: reader)
        context = opened.context
        customInput = opened.input
        try check(avformat_find_stream_info(context, nil), "reading the stream info", path: location.path)
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&context)
    }

    /// The demuxer's short name(s), e.g. `mov,mp4,m4a,3gp,3g2,mj2` or `image2`.
    package var formatName: String {
        String(cString: context.pointee.iformat.pointee.name)
    }

    /// The container's duration in seconds, when it declares one.
    package var duration: Double? {
        let value = context.pointee.duration
        guard value != dv_nopts_value(), value > 0 else { return nil }
        return Double(value) / Double(AV_TIME_BASE)
    }

    /// Container-level metadata tags.
    package var metadata: [String: String] {
        Self.dictionary(context.pointee.metadata)
    }

    /// Metadata tags of stream `index`.
    package func metadata(stream index: Int) -> [String: String] {
        Self.dictionary(stream(index).pointee.metadata)
    }

    /// Number of streams in the file.
    package var streamCount: Int { Int(context.pointee.nb_streams) }

    /// The index of the first stream of `kind`, or nil.
    package func firstStream(_ kind: StreamKind) -> Int? {
        (0..<streamCount).first { stream($0).pointee.codecpar.pointee.codec_type == kind.mediaType }
    }

    /// The audio stream a clip is heard through (`AudioTrackChoice`) and why, or nil without one.
    package var chosenAudioStream: (stream: Int, choice: AudioTrackChoice)? {
        AudioTrackChoice.choose(among: (0..<streamCount).map(stream))
    }

    /// The codec parameters and time base of stream `index`, copied (for a decoder or a stream copy).
    package func parameters(stream index: Int) throws -> StreamParameters {
        let avStream = stream(index)
        return try StreamParameters(copying: avStream.pointee.codecpar, timeBase: avStream.pointee.time_base)
    }

    /// Time base of stream `index` as numerator and denominator.
    package func timeBase(stream index: Int) -> (numerator: Int, denominator: Int) {
        let base = stream(index).pointee.time_base
        return (Int(base.num), Int(base.den))
    }

    /// Reads the next packet of any stream into `packet` (dropping its previous payload);
    /// false at the end of the file.
    package func read(into packet: Packet) throws -> Bool {
        packet.reset()
        let status = av_read_frame(context, packet.pointer)
        if status == dv_averror_eof() { return false }
        try check(status, "reading a packet", path: location.path)
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

/// An `AVIOContext` that reads a byte range of a `ByteReader`: libavformat's reads and seeks become the
/// reader's positioned reads. Frees the context and its buffer when released.
final class ReaderInput {
    let context: UnsafeMutablePointer<AVIOContext>
    private let reader: ByteReader
    private let range: Range<Int>
    private var position = 0
    /// The I/O buffer libavformat reads through: it asks for this much at a time.
    static let bufferSize = 32 * 1024
    /// The fewest bytes a reader fetches at once for a movie read past its header: two buffers.
    static let readAhead = 2 * bufferSize
    /// The buffer of a read of the header alone: a box header and the few KiB of a `moov` at a time.
    static let headerBufferSize = 4 * 1024

    /// Why the reader's source failed (a file on a server that could not be read), if it did.
    var failure: String? { reader.failure.map { ($0 as? any ByteSourceError)?.reason ?? "\($0)" } }

    init(_ reader: ByteReader, range: Range<Int>, path: String, bufferSize: Int = bufferSize) throws {
        self.reader = reader
        self.range = range
        guard let buffer = av_malloc(bufferSize) else {
            throw MediaError.ffmpeg(operation: "av_malloc", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        // The context holds this object unretained: the object owns the context and outlives it.
        guard
            let context = avio_alloc_context(
                buffer.assumingMemoryBound(to: UInt8.self), Int32(bufferSize), 0, nil, Self.readPacket, nil, Self.seek)
        else {
            av_free(buffer)
            throw MediaError.ffmpeg(operation: "avio_alloc_context", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        self.context = context
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        av_freep(&context.pointee.buffer)
        var context: UnsafeMutablePointer<AVIOContext>? = context
        avio_context_free(&context)
    }

    private static let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = {
        opaque, buffer, size in
        guard let opaque, let buffer else { return dv_averror(EINVAL) }
        let input = Unmanaged<ReaderInput>.fromOpaque(opaque).takeUnretainedValue()
        let start = input.range.lowerBound + input.position
        let count = min(Int(size), input.range.upperBound - start)
        guard count > 0 else { return dv_averror_eof() }
        guard let bytes = input.reader.bytes(start..<(start + count)) else { return dv_averror(EIO) }
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress!, count: count) }
        input.position += count
        return Int32(count)
    }

    private static let seek: @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64 = { opaque, offset, whence in
        guard let opaque else { return Int64(dv_averror(EINVAL)) }
        let input = Unmanaged<ReaderInput>.fromOpaque(opaque).takeUnretainedValue()
        let length = input.range.count
        if whence & AVSEEK_SIZE != 0 { return Int64(length) }
        let target: Int64
        switch whence & ~AVSEEK_FORCE {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = Int64(input.position) + offset
        case SEEK_END: target = Int64(length) + offset
        default: return Int64(dv_averror(EINVAL))
        }
        guard target >= 0 else { return Int64(dv_averror(EINVAL)) }
        input.position = Int(min(target, Int64(length)))
        return target
    }
}

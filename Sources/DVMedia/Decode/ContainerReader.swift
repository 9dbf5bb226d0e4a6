internal import CFFmpeg

/// An open input file for reading packets, owning its `AVFormatContext`.
///
/// Private to the decode and join code until the shared `InputFile` lands; then the two merge.
final class ContainerReader {
    /// The file's path, for error messages.
    let path: String
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The custom I/O a file on a server is read through; nil for a local file.
    private let input: ReaderInput?

    /// Opens the file at `location` (or the movie at its `byteRange`) and reads enough of it to know its streams.
    init(_ location: MediaLocation) throws {
        path = location.path
        let opened = try OpenedContainer.open(location)
        context = opened.context
        input = opened.input
        try check(avformat_find_stream_info(context, nil), "reading the stream headers", path: path, reading: opened.input)
    }

    deinit {
        var context: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&context)
    }

    /// Why a file on a server could not be read, when a read failed for that reason rather than for its content.
    var readFailure: String? { input?.failure }

    /// The stream at `index`.
    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream> {
        context.pointee.streams[index]!
    }

    /// The index of the file's best video stream; throws `noStream` when there is none.
    func bestVideoStream() throws -> Int { try bestStream(AVMEDIA_TYPE_VIDEO, named: "video") }

    /// The index of the file's best audio stream; throws `noStream` when there is none.
    func bestAudioStream() throws -> Int { try bestStream(AVMEDIA_TYPE_AUDIO, named: "audio") }

    private func bestStream(_ kind: AVMediaType, named name: String) throws -> Int {
        let index = av_find_best_stream(context, kind, -1, -1, nil, 0)
        guard index >= 0 else { throw MediaError.noStream(kind: name, path: path) }
        return Int(index)
    }

    /// Reads the next packet of any stream into `packet`; false at the end of the file.
    func read(into packet: Packet) throws -> Bool {
        let status = av_read_frame(context, packet.pointer)
        if status == dv_averror_eof() { return false }
        try check(status, "reading a packet", path: path)
        return true
    }

    /// Moves to the keyframe at or before `timestamp` (in `stream`'s time base); a file on a server that could
    /// not be read throws `MediaError.io`, as opening does, so a network failure is never taken for content.
    func seek(stream: Int, toKeyframeBefore timestamp: Int64) throws {
        try check(av_seek_frame(context, Int32(stream), timestamp, AVSEEK_FLAG_BACKWARD), "seeking", path: path, reading: input)
    }

    /// A copy of `stream`'s codec parameters and time base.
    func parameters(of stream: Int) throws -> StreamParameters {
        let avStream = self.stream(stream)
        return try StreamParameters(copying: avStream.pointee.codecpar, timeBase: avStream.pointee.time_base)
    }
}

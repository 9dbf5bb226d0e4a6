internal import CFFmpeg
import DVMetadata
import Foundation

/// What libavformat is asked to open for a file, or for the bytes of a movie inside one (a Motion Photo's,
/// read in place through FFmpeg's `subfile` protocol, never copied out of the library). The `file:` prefix
/// keeps a name with a colon in it from being read as a protocol.
enum MediaURL {
    static func forOpening(path: String, byteRange: Range<Int>?) -> String {
        guard let byteRange else { return "file:" + path }
        return "subfile,,start,\(byteRange.lowerBound),end,\(byteRange.upperBound),,:file:" + path
    }

    /// A file read through its location's byte source (one of a library on a server), read in blocks of this many bytes while decoding (each a range request
    /// when the block cache does not hold it), at most `remoteBlocksKept` of them kept by the reader.
    static let remoteBlockSize = 512 * 1024
    static let remoteBlocksKept = 8
}

/// A container opened with `avformat_open_input` (stream info not yet read): a local file by name, or a file
/// read through its location's `ByteSource` and the `ReaderInput` that feeds libavformat from it, kept alive here
/// beside the format context that reads through it. Either way it opens under `ContainerRules`: a file of
/// another container (a playlist, a manifest, a list of files) is `MediaError.notMediaFile`.
struct OpenedContainer {
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The custom I/O of a file on a server; nil for a local file.
    let input: ReaderInput?

    /// Opens the file at `location` (or the movie at its `byteRange`).
    static func open(_ location: MediaLocation) throws -> OpenedContainer {
        let (path, byteRange) = (location.path, location.byteRange)
        guard let source = location.source else {
            let url = MediaURL.forOpening(path: path, byteRange: byteRange)
            let protocols = ContainerRules.protocols(byteRange: byteRange)
            let (context, code) = openInput(url: url, protocols: protocols, io: nil)
            guard let context else {
                if let format = ContainerRules.refusedFormat(url: url, protocols: protocols) {
                    throw MediaError.notMediaFile(path: path, format: format)
                }
                throw MediaError.ffmpeg(operation: "opening the file", code: code, message: ffmpegErrorMessage(code), path: path)
            }
            return OpenedContainer(context: context, input: nil)
        }
        let reader = ByteReader(source, blockSize: MediaURL.remoteBlockSize, maximumBlocks: MediaURL.remoteBlocksKept)
        return try open(location, reading: reader)
    }

    /// Opens the file at `location` through `reader` (or the movie at its `byteRange`), libavformat reading
    /// `bufferSize` bytes at a time.
    static func open(_ location: MediaLocation, reading reader: ByteReader, bufferSize: Int = ReaderInput.bufferSize) throws
        -> OpenedContainer
    {
        let (path, byteRange) = (location.path, location.byteRange)
        let range = byteRange ?? 0..<reader.size
        let input = try ReaderInput(reader, range: range, path: path, bufferSize: bufferSize)
        // The name is a `file:` one even for a range: libavformat enlarges the I/O buffer of a non-interleaved movie
        // to the distance between its tracks (a whole Motion Photo movie) unless the protocol is `file`, which
        // seeks cheaply, as a reader does.
        let url = MediaURL.forOpening(path: path, byteRange: nil)
        let (context, code) = openInput(url: url, protocols: "", io: input.context)
        guard let context else {
            // A read that failed is the network's; otherwise the file is probed again from its start, on I/O of its own.
            if let failure = input.failure { throw MediaError.io(path: path, reason: failure) }
            let probe = try ReaderInput(reader, range: range, path: path)
            if let format = withExtendedLifetime(probe, { ContainerRules.refusedFormat(url: url, io: probe.context) }) {
                throw MediaError.notMediaFile(path: path, format: format)
            }
            throw MediaError.ffmpeg(operation: "opening the file", code: code, message: ffmpegErrorMessage(code), path: path)
        }
        return OpenedContainer(context: context, input: input)
    }

    /// `avformat_open_input` of `url` under `ContainerRules` (through `io`, when given, with no protocol), and
    /// the format context it opened, or nil and FFmpeg's error code (libavformat then frees the context, not `io`).
    private static func openInput(url: String, protocols: String, io: UnsafeMutablePointer<AVIOContext>?)
        -> (context: UnsafeMutablePointer<AVFormatContext>?, code: Int32)
    {
        guard let context = avformat_alloc_context() else { return (nil, dv_averror(ENOMEM)) }
        context.pointee.pb = io
        context.pointee.io_open = ContainerRules.openNamedOnly
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        var options = ContainerRules.openingOptions(protocols: protocols)
        defer { av_dict_free(&options) }
        let code = avformat_open_input(&opened, url, nil, &options)
        return (code < 0 ? nil : opened, code)
    }
}

/// `check(_:_:path:)` for a call that read through `input`: when the read of a file on a server failed, the
/// failure is the network's, thrown as `MediaError.io` with its reason, never taken for the file's content.
@discardableResult
func check(_ code: Int32, _ operation: @autoclosure () -> String, path: String, reading input: ReaderInput?) throws -> Int32 {
    if code < 0, let failure = input?.failure {
        throw MediaError.io(path: path, reason: failure)
    }
    return try check(code, operation(), path: path)
}

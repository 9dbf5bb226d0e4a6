internal import CFFmpeg
import DVMetadata
import DVRemote
import Foundation

/// What libavformat is asked to open for a file, or for the bytes of a movie inside one (a Motion Photo's,
/// read in place through FFmpeg's `subfile` protocol, never copied out of the library). The `file:` prefix
/// keeps a name with a colon in it from being read as a protocol.
enum MediaURL {
    static func forOpening(path: String, byteRange: Range<Int>?) -> String {
        guard let byteRange else { return "file:" + path }
        return "subfile,,start,\(byteRange.lowerBound),end,\(byteRange.upperBound),,:file:" + path
    }

    /// A file of a library on a server, read in blocks of this many bytes while decoding (each a range request
    /// when the block cache does not hold it), at most `remoteBlocksKept` of them kept by the reader.
    static let remoteBlockSize = 512 * 1024
    static let remoteBlocksKept = 8
}

extension URL {
    /// The path of a library file as the index and messages name it: a local file's path, or the address of
    /// a file on a server (`https://…`, `s3://…`).
    public var mediaPath: String { isFileURL ? path : absoluteString }

    /// The URL of a path the index holds or `library.paths` gives: a server address as it is (escaped where
    /// it is written as keys are, `s3://photos/Été 2024/`), anything else a local file.
    public static func media(_ path: String) -> URL {
        guard RemoteLibrary.isRemote(path) else { return URL(fileURLWithPath: path) }
        return URL(string: path) ?? path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed).flatMap(URL.init(string:))
            ?? URL(fileURLWithPath: path)
    }
}

/// A container opened with `avformat_open_input` (stream info not yet read): a local file by name, or a file
/// on a server through a `RemoteFile` and the `ReaderInput` that feeds libavformat from it, kept alive here
/// beside the format context that reads through it.
struct OpenedContainer {
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The custom I/O of a file on a server; nil for a local file.
    let input: ReaderInput?

    /// Opens `path` (or the movie at `byteRange` inside it).
    static func open(path: String, byteRange: Range<Int>?) throws -> OpenedContainer {
        guard RemoteLibrary.isRemote(path) else {
            var context: UnsafeMutablePointer<AVFormatContext>?
            try check(avformat_open_input(&context, MediaURL.forOpening(path: path, byteRange: byteRange), nil, nil), "opening the file", path: path)
            guard let context else {
                throw MediaError.ffmpeg(operation: "avformat_open_input", code: dv_averror(ENOMEM), message: "out of memory", path: path)
            }
            return OpenedContainer(context: context, input: nil)
        }
        let file: RemoteFile
        do {
            file = try RemoteLibrary.shared.file(path)
        } catch {
            throw MediaError.io(path: path, reason: error.reason)
        }
        let reader = ByteReader(file, blockSize: MediaURL.remoteBlockSize, maximumBlocks: MediaURL.remoteBlocksKept)
        return try open(path: path, reading: reader, byteRange: byteRange)
    }

    /// Opens the file `path` names through `reader` (or the movie at `byteRange` inside it).
    static func open(path: String, reading reader: ByteReader, byteRange: Range<Int>?) throws -> OpenedContainer {
        let input = try ReaderInput(reader, range: byteRange ?? 0..<reader.size, path: path)
        guard let context = avformat_alloc_context() else {
            throw MediaError.ffmpeg(operation: "avformat_alloc_context", code: dv_averror(ENOMEM), message: "out of memory", path: path)
        }
        context.pointee.pb = input.context
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        // On failure libavformat frees the format context (not the custom I/O context, which `input` frees). The
        // name is a `file:` one even for a range: libavformat enlarges the I/O buffer of a non-interleaved movie
        // to the distance between its tracks (a whole Motion Photo movie) unless the protocol is `file`, which
        // seeks cheaply, as a reader does.
        let status = avformat_open_input(&opened, MediaURL.forOpening(path: path, byteRange: nil), nil, nil)
        try check(status, "opening the file", path: path, reading: input)
        return OpenedContainer(context: opened!, input: input)
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

import DVMetadata
import Foundation

/// Where a clip's bytes are, carried as a value from the scan to the decoder: a file on disk, or a file of a
/// library on a server read through its `ByteSource` (DVRender makes that one from the job's library); with
/// `byteRange`, the movie inside it (a Motion Photo's). `path` names it as the index and messages do (a local
/// path, or the server address) and decides nothing: what opens it is what the location holds.
package struct MediaLocation: Sendable {
    /// The file as the index and messages name it.
    package let path: String
    /// The bytes of the movie inside the file, when the clip is one (a Motion Photo's); nil for the whole file.
    package let byteRange: Range<Int>?
    /// Where the bytes come from: nil for the local file at `path`.
    let source: (any ByteSource & Sendable)?

    private init(path: String, byteRange: Range<Int>?, source: (any ByteSource & Sendable)?) {
        self.path = path
        self.byteRange = byteRange
        self.source = source
    }

    /// The local file at `path` (or the movie at `byteRange` inside it).
    package static func file(_ path: String, byteRange: Range<Int>? = nil) -> MediaLocation {
        MediaLocation(path: path, byteRange: byteRange, source: nil)
    }

    /// The file named `path` whose bytes `source` reads (a file on a server), or the movie at `byteRange` inside it.
    package static func bytes(_ path: String, from source: any ByteSource & Sendable, byteRange: Range<Int>? = nil) -> MediaLocation {
        MediaLocation(path: path, byteRange: byteRange, source: source)
    }

    /// The same file, its movie at `byteRange` (nil: the whole file).
    package func inside(_ byteRange: Range<Int>?) -> MediaLocation {
        MediaLocation(path: path, byteRange: byteRange, source: source)
    }

    /// Whether the bytes are read from the local file at `path`.
    package var isLocalFile: Bool { source == nil }

    /// `path` as a URL, for its name and extension: a local file's, or a server address as it is (escaped
    /// where it is written as keys are, `s3://photos/Été 2024/`).
    package var url: URL {
        guard source != nil else { return URL(fileURLWithPath: path) }
        return URL(string: path) ?? path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed).flatMap(URL.init(string:))
            ?? URL(fileURLWithPath: path)
    }

    /// A reader of the whole file (not only `byteRange`) in blocks of `blockSize` bytes, at most
    /// `maximumBlocks` kept; throws `MediaError.io` when a local file cannot be opened.
    func reader(blockSize: Int, maximumBlocks: Int = 64) throws -> ByteReader {
        guard let source else {
            return ByteReader(try LocalFileBytes(url: URL(fileURLWithPath: path)), blockSize: blockSize, maximumBlocks: maximumBlocks)
        }
        return ByteReader(source, blockSize: blockSize, maximumBlocks: maximumBlocks)
    }
}

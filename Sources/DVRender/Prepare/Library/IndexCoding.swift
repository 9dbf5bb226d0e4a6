import DVMedia
import DVPlanning
import Foundation

/// Appends values to a byte buffer in the index cache's encoding: integers as 8 bytes little-endian, doubles
/// as their bit pattern, strings as a 4-byte length and UTF-8, optionals as a presence byte then the value.
struct IndexWriter {
    private(set) var bytes: [UInt8] = []

    /// Appends raw bytes (a header).
    mutating func append(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    mutating func write(_ value: Int64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Int) { write(Int64(value)) }
    mutating func write(_ value: Double) { write(Int64(bitPattern: value.bitPattern)) }
    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ value: String) {
        var text = value
        text.withUTF8 { utf8 in
            withUnsafeBytes(of: UInt32(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func write<Value>(_ value: Value?, _ writeValue: (inout IndexWriter, Value) -> Void) {
        write(value != nil)
        if let value { writeValue(&self, value) }
    }
}

/// Reads what `IndexWriter` wrote, from a byte buffer that must outlive the reader; any read past the end
/// or malformed value throws `IndexReader.Malformed`.
struct IndexReader {
    /// The cache does not hold what its encoding says it should.
    struct Malformed: Error {}

    private let buffer: UnsafeRawBufferPointer
    private var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) {
        self.buffer = buffer
    }

    var isAtEnd: Bool { offset == buffer.count }

    mutating func bytes(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, count <= buffer.count - offset else { throw Malformed() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
    }

    mutating func int64() throws -> Int64 {
        Int64(littleEndian: try bytes(8).loadUnaligned(as: Int64.self))
    }

    mutating func int() throws -> Int {
        let value = try int64()
        guard let narrowed = Int(exactly: value) else { throw Malformed() }
        return narrowed
    }

    mutating func double() throws -> Double { Double(bitPattern: UInt64(bitPattern: try int64())) }

    mutating func bool() throws -> Bool {
        switch try bytes(1)[0] {
        case 0: return false
        case 1: return true
        default: throw Malformed()
        }
    }

    mutating func string() throws -> String {
        let count = Int(UInt32(littleEndian: try bytes(4).loadUnaligned(as: UInt32.self)))
        guard let text = String(validating: try bytes(count), as: UTF8.self) else { throw Malformed() }
        return text
    }

    mutating func optional<Value>(_ readValue: (inout IndexReader) throws -> Value) throws -> Value? {
        try bool() ? try readValue(&self) : nil
    }
}

extension MediaEntry {
    /// Writes the entry, field by field in declaration order, its path as the position of its library
    /// folder (`root`) and its relative path.
    func write(to writer: inout IndexWriter, root: Int) {
        writer.write(root)
        writer.write(relativePath)
        writer.write(size)
        writer.write(modificationTime)
        writer.write(Int64(bitPattern: inode))
        writer.write(sidecar) { writer, sidecar in
            writer.write(sidecar.kind.rawValue)
            writer.write(sidecar.relativePath)
            writer.write(sidecar.size)
            writer.write(sidecar.modificationTime)
            writer.write(Int64(bitPattern: sidecar.inode))
            writer.write(sidecar.captureTime) { $0.write($1) }
        }
        switch probe {
        case .unreadable(let reason):
            writer.write(false)
            writer.write(reason)
        case .media(let info):
            writer.write(true)
            writer.write(info.container)
            writer.write(info.duration) { $0.write($1) }
            writer.write(info.video) { writer, video in
                writer.write(video.codec)
                writer.write(video.width)
                writer.write(video.height)
                writer.write(video.frameRate)
                writer.write(video.rotation)
                writer.write(video.pixelFormat)
                writer.write(video.isVariableFrameRate)
                for property in [video.colour.primaries, video.colour.transfer, video.colour.matrix, video.colour.range] {
                    writer.write(property)
                }
            }
            writer.write(info.audio) { writer, audio in
                writer.write(audio.codec)
                writer.write(audio.sampleRate)
                writer.write(audio.channels)
                writer.write(audio.layout)
                writer.write(audio.choice.track)
                writer.write(audio.choice.tracks)
                writer.write(audio.choice.reason.rawValue)
            }
            for tag in [info.tags.localCreationDate, info.tags.creationTime, info.tags.contentIdentifier] {
                writer.write(tag) { $0.write($1) }
            }
            writer.write(info.isStill)
            writer.write(info.embeddedMovie) { writer, movie in
                writer.write(movie.layout)
                writer.write(movie.offset)
                writer.write(movie.length)
                writer.write(movie.stillTime) { $0.write($1.milliseconds) }
            }
        }
    }

    /// Reads an entry written by `write(to:root:)`, placing it inside `roots`.
    init(from reader: inout IndexReader, roots: [String]) throws {
        let root = try reader.int()
        guard roots.indices.contains(root) else { throw IndexReader.Malformed() }
        let relativePath = try reader.string()
        let path = roots[root] + "/" + relativePath
        let size = try reader.int64()
        let modificationTime = try reader.double()
        let inode = UInt64(bitPattern: try reader.int64())
        let sidecar = try reader.optional { reader in
            SidecarCapture(
                kind: try Sidecar.Kind(rawValue: reader.string()) ?? { throw IndexReader.Malformed() }(),
                relativePath: try reader.string(), size: try reader.int64(), modificationTime: try reader.double(),
                inode: UInt64(bitPattern: try reader.int64()), captureTime: try reader.optional { try $0.string() })
        }
        guard try reader.bool() else {
            self.init(
                path: path, relativePath: relativePath, size: size, modificationTime: modificationTime, inode: inode,
                probe: .unreadable(reason: try reader.string()), sidecar: sidecar)
            return
        }
        let container = try reader.string()
        let duration = try reader.optional { try $0.double() }
        let video = try reader.optional { reader in
            VideoStreamInfo(
                codec: try reader.string(), width: try reader.int(), height: try reader.int(),
                frameRate: try reader.double(), rotation: try reader.int(), pixelFormat: try reader.string(),
                isVariableFrameRate: try reader.bool(),
                colour: StreamColour(
                    primaries: try reader.string(), transfer: try reader.string(), matrix: try reader.string(),
                    range: try reader.string()))
        }
        let audio = try reader.optional { reader in
            AudioStreamInfo(
                codec: try reader.string(), sampleRate: try reader.int(), channels: try reader.int(),
                layout: try reader.string(),
                choice: AudioTrackChoice(
                    track: try reader.int(), tracks: try reader.int(),
                    reason: try AudioTrackChoice.Reason(rawValue: reader.string()) ?? { throw IndexReader.Malformed() }()))
        }
        let tags = CaptureTags(
            localCreationDate: try reader.optional { try $0.string() },
            creationTime: try reader.optional { try $0.string() },
            contentIdentifier: try reader.optional { try $0.string() })
        let isStill = try reader.bool()
        let movie = try reader.optional { reader in
            EmbeddedMovie(
                layout: try reader.string(), offset: try reader.int(), length: try reader.int(),
                stillTime: try reader.optional { TimeSpan(milliseconds: try $0.int64()) })
        }
        let info = MediaInfo(
            container: container, duration: duration, video: video, audio: audio, tags: tags, isStill: isStill, embeddedMovie: movie)
        self.init(
            path: path, relativePath: relativePath, size: size, modificationTime: modificationTime, inode: inode,
            probe: .media(info), sidecar: sidecar)
    }
}

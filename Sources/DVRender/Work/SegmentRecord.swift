import DVMedia
import DVRemote
import Foundation

/// The encode stage's manifest entry for one finished segment, written atomically beside it after the
/// segment file is complete. One file per segment, so shards rendering into one work folder never
/// write the same file.
package struct SegmentRecord: Sendable, Hashable, Codable, VersionedManifest {
    /// Bumped when the record's shape changes; records of another version are treated as missing.
    package static let currentVersion = 1

    package var version: Int
    /// The segment's key: the hash of everything that decides its pixels.
    package var key: String
    /// Frames in the segment.
    package var frameCount: Int
    /// Size of the segment file in bytes.
    package var byteCount: Int64
    /// SHA-256 of the segment file.
    package var fileHash: String
    /// Encoder threads used (fixed so the bytes do not depend on the machine).
    package var encoderThreads: Int

    package init(key: String, frameCount: Int, byteCount: Int64, fileHash: String, encoderThreads: Int) {
        version = Self.currentVersion
        self.key = key
        self.frameCount = frameCount
        self.byteCount = byteCount
        self.fileHash = fileHash
        self.encoderThreads = encoderThreads
    }
}

extension SegmentRecord {
    /// What the bytes of a segment's record say, for whichever store they were read from.
    enum Reading {
        /// A record of this version, of the segment asked for.
        case record(SegmentRecord)
        /// A record of another version of dvpipe's records: as good as none.
        case otherVersion
        /// Not a record of this segment: the reason in words.
        case damaged(String)
    }

    /// Reads `data` as the record of segment `key`: decoded once when it is one (the common case), and
    /// only when it is not, looked at again for its version.
    static func reading(_ data: Data, key: String) -> Reading {
        if let record = try? JSONDecoder().decode(SegmentRecord.self, from: data), record.version == currentVersion {
            return record.key == key ? .record(record) : .damaged("its record is not this segment's")
        }
        if let version = try? JSONDecoder().decode(RecordVersion.self, from: data), version.version != currentVersion {
            return .otherVersion
        }
        return .damaged("its record is not a segment record (\(data.count) bytes that are not its JSON)")
    }

    /// Whether `bytes` are the segment this record names: its size and SHA-256.
    func describes(_ bytes: Data) -> Bool {
        Int64(bytes.count) == byteCount && ContentHash.hex(of: bytes) == fileHash
    }

    /// Just the version of a record, to tell a record of another version from one that is damaged.
    private struct RecordVersion: Decodable {
        var version: Int
    }
}

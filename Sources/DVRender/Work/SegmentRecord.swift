import DVMedia
import Foundation

/// The encode stage's manifest entry for one finished segment, written atomically beside it after the
/// segment file is complete. One file per segment, so shards rendering into one work folder never
/// write the same file.
public struct SegmentRecord: Sendable, Hashable, Codable, VersionedManifest {
    /// Bumped when the record's shape changes; records of another version are treated as missing.
    public static let currentVersion = 1

    public var version: Int
    /// The segment's key: the hash of everything that decides its pixels.
    public var key: String
    /// Frames in the segment.
    public var frameCount: Int
    /// Size of the segment file in bytes.
    public var byteCount: Int64
    /// SHA-256 of the segment file.
    public var fileHash: String
    /// Encoder threads used (fixed so the bytes do not depend on the machine).
    public var encoderThreads: Int

    public init(key: String, frameCount: Int, byteCount: Int64, fileHash: String, encoderThreads: Int) {
        version = Self.currentVersion
        self.key = key
        self.frameCount = frameCount
        self.byteCount = byteCount
        self.fileHash = fileHash
        self.encoderThreads = encoderThreads
    }
}

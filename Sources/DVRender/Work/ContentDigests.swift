import DVRemote
import Foundation

/// The content digest (SHA-256 of the bytes) of every file a render reads: library clips, overlay pictures
/// and movies, fonts, music. Keys are made from these digests, never from paths or modification times, so
/// a work folder restored on another machine, at another path, after a fresh checkout, is reused whole.
///
/// Hashing a file reads all of it, so each digest is kept in the work folder (`digests.json`) with the
/// file's size, modification time, inode and device as this machine sees them (for a library file on a
/// server, its size and ETag as listed): a warm run reads no file again, and a fresh checkout (new stamps)
/// reads each file once. The stamps are only a cache of this machine's view; nothing that names work uses
/// them, so a file on disk and the same file on a server have one digest.
public final class ContentDigests: Sendable {
    /// What `stat` says of a file, down to the nanosecond.
    struct Stamp: Codable, Hashable {
        var size: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64
        var device: UInt64
        /// A file on a server: the ETag its listing gave.
        var etag: String?

        init?(path: String) {
            if RemoteLibrary.isRemote(path) {
                guard let listed = RemoteLibrary.shared.listed(path) else { return nil }
                size = Int64(listed.size)
                modifiedNanoseconds = 0
                inode = 0
                device = 0
                etag = listed.etag
                return
            }
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            size = Int64(info.st_size)
            modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
            device = UInt64(info.st_dev)
            etag = nil
        }
    }

    /// A digest and the stamp the file had when it was taken.
    struct Known: Codable {
        var stamp: Stamp
        var digest: String
    }

    /// What the file holds: each file's digest and stamp, by path.
    struct Kept: VersionedManifest {
        static let currentVersion = 1
        var version = currentVersion
        var files: [String: Known]
    }

    private let known: KeptJSON<Kept>

    /// The digests kept in `file` (none when it is missing, unreadable or of another format); nil: keep nothing.
    public init(file: URL?) {
        known = KeptJSON(file: file, empty: Kept(files: [:]))
    }

    /// The digest of each file of `paths` that can be read, by path: from the kept digests when its stamp is
    /// unchanged, else hashed now, several files at once (one per core), reported to `observer` as the
    /// `identify` stage. A file that is missing or cannot be read has none.
    public func digests(of paths: [String], observer: some RenderObserver = SilentObserver()) -> [String: String] {
        var found: [String: String] = [:]
        var unknown: [(path: String, stamp: Stamp)] = []
        known.read { known in
            for path in Set(paths) {
                guard let stamp = Stamp(path: path) else { continue }
                if let kept = known.files[path], kept.stamp == stamp {
                    found[path] = kept.digest
                } else {
                    unknown.append((path, stamp))
                }
            }
        }
        guard !unknown.isEmpty else { return found }
        let toHash = unknown.sorted { $0.path < $1.path }
        let hashed = ConcurrentResults<String>.make(.identify, names: toHash.map(\.path), observer: observer) { index in
            let path = toHash[index].path
            return RemoteLibrary.isRemote(path) ? try? Self.remoteDigest(of: path) : try? ContentHash.hex(ofFileAt: path)
        }
        known.change { known in
            var added = false
            for (file, digest) in zip(toHash, hashed) {
                guard let digest else { continue }
                found[file.path] = digest
                known.files[file.path] = Known(stamp: file.stamp, digest: digest)
                added = true
            }
            return added
        }
        return found
    }

    /// The SHA-256 of a library file on a server, read through the block cache (which the render then reads
    /// the clip's window from) four megabytes at a time.
    private static func remoteDigest(of address: String) throws -> String {
        let file = try RemoteLibrary.shared.file(address)
        let hash = ContentHash()
        var offset = 0
        while offset < file.size {
            let bytes = try file.read(at: offset, count: 4 << 20)
            guard !bytes.isEmpty else { throw RemoteReadError(address: address, reason: "ended before its listed size") }
            bytes.withUnsafeBytes(hash.update)
            offset += bytes.count
        }
        return hash.finalHex()
    }

    /// Writes the digests taken since the last save into the work folder; nothing when none were.
    public func save() throws {
        try known.save()
    }
}

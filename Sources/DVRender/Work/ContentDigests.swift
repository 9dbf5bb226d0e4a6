import DVFiles
import Foundation

/// The content digest (SHA-256 of the bytes) of every file a render reads: library clips, overlay pictures
/// and movies, fonts, music. Keys are made from these digests, never from paths or modification times, so
/// a work folder restored on another machine, at another path, after a fresh checkout, is reused whole.
///
/// Hashing a file reads all of it, so each digest is kept in the work folder (`digests.json`) with the
/// file's size, modification time, inode and device as this machine sees them: a warm run reads no file
/// again, and a fresh checkout (new stamps) reads each file once. The stamps are only a cache of this
/// machine's view; nothing that names work uses them.
public final class ContentDigests: @unchecked Sendable {
    // @unchecked: `known` and `changed` are only touched with `lock` held.
    /// What `stat` says of a file, down to the nanosecond.
    struct Stamp: Codable, Hashable {
        var size: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64
        var device: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            size = Int64(info.st_size)
            modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            inode = UInt64(info.st_ino)
            device = UInt64(info.st_dev)
        }
    }

    /// A digest and the stamp the file had when it was taken.
    struct Known: Codable {
        var stamp: Stamp
        var digest: String
    }

    private let file: URL?
    private let lock = NSLock()
    private var known: [String: Known]
    private var changed = false

    /// The digests kept in `file` (none when it is missing or unreadable); nil: keep nothing.
    public init(file: URL?) {
        self.file = file
        known = file.flatMap { try? JSONDecoder().decode([String: Known].self, from: Data(contentsOf: $0)) } ?? [:]
    }

    /// The digest of each file of `paths` that can be read, by path: from the kept digests when its stamp is
    /// unchanged, else hashed now, several files at once (one per core), reported to `observer` as the
    /// `identify` stage. A file that is missing or cannot be read has none.
    public func digests(of paths: [String], observer: some RenderObserver = SilentObserver()) -> [String: String] {
        var found: [String: String] = [:]
        var unknown: [(path: String, stamp: Stamp)] = []
        lock.withLock {
            for path in Set(paths) {
                guard let stamp = Stamp(path: path) else { continue }
                if let kept = known[path], kept.stamp == stamp {
                    found[path] = kept.digest
                } else {
                    unknown.append((path, stamp))
                }
            }
        }
        guard !unknown.isEmpty else { return found }
        let toHash = unknown.sorted { $0.path < $1.path }
        observer.handle(.stageStarted(.identify, total: toHash.count))
        let hashed = ConcurrentResults<String>(count: toHash.count)
        DispatchQueue.concurrentPerform(iterations: toHash.count) { index in
            let done = hashed.set(try? ContentHash.hex(ofFileAt: toHash[index].path), at: index)
            observer.handle(.unitFinished(.identify, done: done, total: toHash.count, reused: false, name: toHash[index].path))
        }
        observer.handle(.stageFinished(.identify))
        lock.withLock {
            for (file, digest) in zip(toHash, hashed.values) {
                guard let digest else { continue }
                found[file.path] = digest
                known[file.path] = Known(stamp: file.stamp, digest: digest)
                changed = true
            }
        }
        return found
    }

    /// Writes the digests taken since the last save into the work folder; nothing when none were.
    public func save() throws {
        guard let file else { return }
        let data: Data? = try lock.withLock {
            guard changed else { return nil }
            changed = false
            return try JSONCoding.encoder.encode(known)
        }
        guard let data else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileSync.writeAtomically(data, to: file)
    }
}

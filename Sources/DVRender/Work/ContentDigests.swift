import DVMedia
import DVRemote
import Foundation

/// The content digest of every file a render reads: of a library movie, the SHA-256 of what its window
/// consumes (`ReadSpan`, `WindowContent`); of overlay pictures and movies, fonts, music and looks, the
/// SHA-256 of their bytes. Keys are made from these digests, never from paths or modification times, so
/// a work folder restored on another machine, at another path, after a fresh checkout, is reused whole.
///
/// Taking a digest reads the file (or the window), so each digest is kept in the work folder
/// (`digests.json`) with the file's size, modification time, inode and device as this machine sees them
/// (for a library file on a server, its size and ETag as listed): a warm run reads no file again, and a
/// fresh checkout (new stamps) reads each file (or window) once. The stamps are only a cache of this machine's view; nothing that names work uses
/// them, so a file on disk and the same file on a server have one digest.
package final class ContentDigests: Sendable {
    /// What `stat` says of a file, down to the nanosecond.
    struct Stamp: Codable, Hashable {
        var size: Int64
        var modifiedNanoseconds: Int64
        var inode: UInt64
        var device: UInt64
        /// A file on a server: the ETag its listing gave.
        var etag: String?

        init?(path: String, files: LibraryFiles) {
            if files.servers.holds(path) {
                guard let listed = files.servers.listed(path) else { return nil }
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

    /// A window's digest, the window and the stamp its file had when it was taken.
    struct KnownWindow: Codable {
        var window: ReadSpan
        var stamp: Stamp
        var digest: String
    }

    /// What the file holds: each file's digest and stamp, by path, and the digests of the windows read of
    /// library movies, by path (the last few windows of each).
    struct Kept: VersionedManifest {
        static let currentVersion = 2
        var version = currentVersion
        var files: [String: Known]
        var windows: [String: [KnownWindow]] = [:]
    }

    /// Windows kept per file: a plan changed a few times (another start, a longer reel) finds its earlier ones.
    static let windowsKept = 4

    private let known: KeptJSON<Kept>
    /// How the library's files are opened (those on servers through their listing).
    let files: LibraryFiles

    /// The digests kept in `file` (none when it is missing, unreadable or of another format); nil: keep nothing.
    /// The library's files are read through `files`.
    package init(file: URL?, files: LibraryFiles = LibraryFiles()) {
        known = KeptJSON(file: file, empty: Kept(files: [:]))
        self.files = files
    }

    /// What a digest is taken of: a whole file, or a window of a library movie.
    private enum Content: Hashable {
        case file(String)
        case window(ReadSpan)

        var path: String {
            switch self {
            case let .file(path): path
            case let .window(window): window.path
            }
        }
    }

    /// The digest of each file of `paths` that can be read, by path: from the kept digests when its stamp is
    /// unchanged, else hashed now, several files at once (one per core), reported to `observer` as the
    /// `identify` stage. A file that is missing or cannot be read has none.
    package func digests(of paths: [String], observer: some RenderObserver = SilentObserver()) -> [String: String] {
        digests(of: paths.map(Content.file), observer: observer)
    }

    /// The identity of each of `files` and of each movie of `windows`, by path: a movie's is the digest of
    /// its window (`WindowContent`: its streams' parameters and the packets the window consumes), any other
    /// file's the digest of all of it. A movie that does not open as one is named by all of its bytes, so a
    /// damaged file still has an identity to be recorded as broken by. Kept and reported as `digests(of:)`.
    package func identities(
        of files: [String], windows: [ReadSpan], observer: some RenderObserver = SilentObserver()
    ) -> [String: String] {
        let windowed = Set(windows.map(\.path))
        return digests(of: files.filter { !windowed.contains($0) }.map(Content.file) + windows.map(Content.window), observer: observer)
    }

    private func digests(of contents: [Content], observer: some RenderObserver) -> [String: String] {
        var found: [String: String] = [:]
        var unknown: [(content: Content, stamp: Stamp)] = []
        known.read { known in
            for content in Set(contents) {
                guard let stamp = Stamp(path: content.path, files: files) else { continue }
                let kept: String? =
                    switch content {
                    case let .file(path): known.files[path].flatMap { $0.stamp == stamp ? $0.digest : nil }
                    case let .window(window): known.windows[window.path]?.first { $0.window == window && $0.stamp == stamp }?.digest
                    }
                if let kept {
                    found[content.path] = kept
                } else {
                    unknown.append((content, stamp))
                }
            }
        }
        guard !unknown.isEmpty else { return found }
        let toHash = unknown.sorted { $0.content.path < $1.content.path }
        let hashed = ConcurrentResults<String>.make(.identify, names: toHash.map(\.content.path), observer: observer) { index in
            switch toHash[index].content {
            case let .file(path): try? Self.fileDigest(of: path, in: self.files)
            case let .window(window): try? Self.windowDigest(of: window, in: self.files)
            }
        }
        known.change { known in
            var added = false
            for (item, digest) in zip(toHash, hashed) {
                guard let digest else { continue }
                found[item.content.path] = digest
                switch item.content {
                case let .file(path):
                    known.files[path] = Known(stamp: item.stamp, digest: digest)
                case let .window(window):
                    let others = (known.windows[window.path] ?? []).filter { $0.window != window }.prefix(Self.windowsKept - 1)
                    known.windows[window.path] = [KnownWindow(window: window, stamp: item.stamp, digest: digest)] + others
                }
                added = true
            }
            return added
        }
        return found
    }

    /// The SHA-256 of all of a file's bytes, on disk or on a server.
    private static func fileDigest(of path: String, in files: LibraryFiles) throws -> String {
        try files.servers.holds(path) ? remoteDigest(of: path, in: files) : ContentHash.hex(ofFileAt: path)
    }

    /// The SHA-256 of what `window` consumes; of the whole file when it does not open as a movie. A file on a
    /// server that could not be read has none (a network failure names no content).
    private static func windowDigest(of window: ReadSpan, in files: LibraryFiles) throws -> String {
        let hash = ContentHash()
        do {
            let location = try files.location(window.path, byteRange: window.byteRange)
            try WindowContent.write(location, start: window.start, end: window.end) { hash.update($0) }
        } catch let failure as MediaError {
            guard case .io = failure else { return try fileDigest(of: window.path, in: files) }
            throw failure
        }
        return hash.finalHex()
    }

    /// The SHA-256 of a library file on a server, read through the block cache (which the render then reads
    /// the clip's window from) four megabytes at a time.
    private static func remoteDigest(of address: String, in files: LibraryFiles) throws -> String {
        let file = try files.servers.file(address)
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
    package func save() throws {
        try known.save()
    }
}

import DVFiles
import Foundation

/// The blocks of library files on a server that this work folder has fetched, so that what the scan read
/// the render reuses, and a second run fetches nothing again: one folder per file version, named by the
/// SHA-256 of its address, ETag, size and the block size (a file that changed on the server is a new
/// folder, never mixed with the old blocks, and so are blocks of another size), one file per block of
/// `blockSize` bytes, written under a temporary name and renamed.
///
/// A cache only: a block that is missing or of the wrong length is fetched again. Kept to `limit` bytes by
/// `trim()`, which removes the files' folders least recently added to first.
package struct BlockCache: Sendable {
    /// Where the blocks are kept.
    package let folder: URL
    /// The most bytes kept after `trim()`.
    package let limit: Int64
    /// Bytes in a block: a range request asks for whole blocks, several at once. Small, because a first scan
    /// reads a still's headers and a movie's header in pieces of a few KiB each (bench/results.md: 16 KiB
    /// blocks fetched 3.8% of the first-scan library, mostly rounding).
    package static let blockSize = 4 * 1024

    package init(folder: URL, limit: Int64) {
        self.folder = folder
        self.limit = limit
    }

    /// The folder of one version of a file.
    func folder(address: String, etag: String, size: Int) -> URL {
        let name = Digest.hex(Digest.sha256(Array("\(address)\n\(etag)\n\(size)\n\(Self.blockSize)".utf8)))
        return folder.appendingPathComponent(String(name.prefix(2)), isDirectory: true).appendingPathComponent(name, isDirectory: true)
    }

    /// Block `index` of the file whose folder is `file`, when it is kept whole (`count` bytes).
    func block(_ index: Int, in file: URL, count: Int) -> [UInt8]? {
        let path = file.appendingPathComponent(String(index)).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count + 1)
        var done = 0
        while done <= count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        guard done == count else { return nil }
        bytes.removeLast()
        return bytes
    }

    /// Makes the folder of a file's blocks, before its first `keep`.
    func prepare(_ file: URL) {
        try? FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    }

    /// Keeps `bytes` as block `index` of the file whose folder is `file` (made by `prepare`); a block that
    /// cannot be written is simply not kept.
    func keep(_ bytes: ArraySlice<UInt8>, as index: Int, in file: URL) {
        let target = file.appendingPathComponent(String(index))
        let temporary = FileSync.temporary(for: target, suffix: "\(UInt32.random(in: 0...UInt32.max)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else { return }
        if rename(temporary.path, target.path) != 0 {
            unlink(temporary.path)
        }
    }

    /// Removes the least recently filled files' folders until the blocks kept take at most `limit` bytes.
    package func trim() {
        let keys: [URLResourceKey] = [.isDirectoryKey, .contentModificationDateKey, .fileSizeKey]
        var folders: [(url: URL, time: Date, bytes: Int64)] = []
        let manager = FileManager.default
        for prefix in (try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] {
            for file in (try? manager.contentsOfDirectory(at: prefix, includingPropertiesForKeys: keys)) ?? [] {
                let blocks = (try? manager.contentsOfDirectory(at: file, includingPropertiesForKeys: [.fileSizeKey])) ?? []
                let bytes = blocks.reduce(Int64(0)) { $0 + Int64((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0) }
                let time = (try? file.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast
                folders.append((file, time, bytes))
            }
        }
        var total = folders.reduce(Int64(0)) { $0 + $1.bytes }
        for oldest in folders.sorted(by: { $0.time < $1.time }) where total > limit {
            try? manager.removeItem(at: oldest.url)
            total -= oldest.bytes
        }
    }
}

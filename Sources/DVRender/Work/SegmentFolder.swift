import DVFiles
import DVRemote
import Foundation

/// A folder of rendered segments, each one immutable file named by its key (`KEY.mp4`) with a small record
/// beside it (`KEY.json`, a `SegmentRecord`) that says the file is complete and what its bytes are. A work
/// folder's `segments/` is one, and so is the shared cache's. Nothing in it is a list that several writers
/// rewrite: the union of two such folders (`cp -rn`, an artifact download, rsync) is a folder holding both.
package struct SegmentFolder: Sendable {
    /// The folder.
    package let folder: URL

    package init(folder: URL) {
        self.folder = folder
    }

    /// What a store holds for a key.
    package enum Check: Sendable {
        /// The file is there and has the bytes its record names.
        case finished(SegmentRecord)
        /// No record (or the file is missing): the segment was never finished here.
        case missing
        /// A record whose file does not match it (cut short, edited, half copied): the reason in words.
        case damaged(String)
    }

    /// The segment's file.
    package func file(_ key: String) -> URL { folder.appendingPathComponent("\(key).mp4") }
    /// The record that says the segment is complete.
    package func recordFile(_ key: String) -> URL { folder.appendingPathComponent("\(key).json") }

    /// Checks segment `key`: its record, and its file's size and SHA-256 against the record. A record that
    /// is not JSON of a record (garbage, cut short) is damage; one of another version is missing.
    package func check(_ key: String) -> Check {
        guard let data = try? Data(contentsOf: recordFile(key)) else { return .missing }
        let record: SegmentRecord
        switch SegmentRecord.reading(data, key: key) {
        case let .record(read): record = read
        case .otherVersion: return .missing
        case let .damaged(reason): return .damaged(reason)
        }
        guard let file = try? Data(contentsOf: self.file(key)) else { return .damaged("its record is there but its file is not") }
        guard Int64(file.count) == record.byteCount else {
            return .damaged("its file has \(file.count) bytes, its record says \(record.byteCount)")
        }
        guard ContentHash.hex(of: file) == record.fileHash else { return .damaged("its file's SHA-256 is not the one its record names") }
        return .finished(record)
    }

    /// The record of segment `key` when it is finished here; nil when missing or damaged.
    package func finished(_ key: String) -> SegmentRecord? {
        if case let .finished(record) = check(key) { record } else { nil }
    }

    /// Records segment `key` as finished; its file must already be in place.
    package func record(_ key: String, frameCount: Int, encoderThreads: Int) throws -> SegmentRecord {
        let file = try Data(contentsOf: self.file(key))
        let record = SegmentRecord(
            key: key, frameCount: frameCount, byteCount: Int64(file.count), fileHash: ContentHash.hex(of: file), encoderThreads: encoderThreads
        )
        try record.write(to: recordFile(key))
        return record
    }

    /// Puts a finished segment of `other` into this store, with its record: a hard link when both are on one
    /// file system (no bytes copied), else a copy; either way under a temporary name first, so a reader
    /// never sees half of it. The bytes are checked against `record` before the record is written.
    ///
    /// - Returns: the record, or nil when the segment could not be taken (gone meanwhile, or damaged).
    package func adopt(_ key: String, record: SegmentRecord, from other: SegmentFolder) -> SegmentRecord? {
        let temporary = FileSync.temporary(for: file(key), suffix: "partial")
        unlink(temporary.path)
        defer { unlink(temporary.path) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if link(other.file(key).path, temporary.path) != 0 {
                guard errno == EXDEV || errno == EPERM || errno == EMLINK else { return nil }
                try FileManager.default.copyItem(at: other.file(key), to: temporary)
            }
            let bytes = try Data(contentsOf: temporary)
            guard record.describes(bytes) else { return nil }
            guard rename(temporary.path, file(key).path) == 0 else { return nil }
            FileSync.syncFolder(of: file(key))
            try record.write(to: recordFile(key))
            return record
        } catch {
            return nil
        }
    }

    /// Marks segment `key` as just used (its record's modification time), for least-recently-used pruning.
    package func touch(_ key: String) {
        utimensat(AT_FDCWD, recordFile(key).path, nil, 0)
    }
}

extension SegmentFolder {
    /// Writes segment `key` from `bytes` (already checked against `record`) with its record: the file under a
    /// temporary name first, so that a reader never sees half of it.
    func put(_ key: String, bytes: Data, record: SegmentRecord) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileSync.writeAtomically(bytes, to: file(key))
        try record.write(to: recordFile(key))
    }
}

import DVFiles
import Foundation

/// A value kept as JSON in a file of the work folder, versioned as every kept file is (`VersionedManifest`):
/// read once, read and changed under a lock by several threads, and written back atomically only when it
/// changed since the last save.
final class KeptJSON<Value: VersionedManifest>: @unchecked Sendable {
    // @unchecked: `value` and `changed` are only touched with `lock` held.
    private let file: URL?
    private let lock = NSLock()
    private var value: Value
    private var changed = false

    /// The value `file` holds when it is of the current version and `usable` accepts it, else `empty`; nil:
    /// keep nothing.
    init(file: URL?, empty: Value, usable: (Value) -> Bool = { _ in true }) {
        self.file = file
        let stored = file.flatMap { Value.read(from: $0) }
        value = stored.flatMap { usable($0) ? $0 : nil } ?? empty
    }

    /// What `body` reads from the value.
    func read<Result>(_ body: (Value) -> Result) -> Result {
        lock.withLock { body(value) }
    }

    /// Lets `body` change the value; when it says it did, the next `save` writes it.
    func change(_ body: (inout Value) -> Bool) {
        lock.withLock {
            if body(&value) { changed = true }
        }
    }

    /// Writes the value into its file when it changed since the last save; nothing otherwise.
    func save() throws {
        guard let file else { return }
        let data: Data? = try lock.withLock {
            guard changed else { return nil }
            changed = false
            return try JSONCoding.encoder.encode(value)
        }
        guard let data else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileSync.writeAtomically(data, to: file)
    }
}

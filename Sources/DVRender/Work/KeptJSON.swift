import DVFiles
import Foundation
import Synchronization

/// A value kept as JSON in a file of the work folder, versioned as every kept file is (`VersionedManifest`):
/// read once, read and changed under a lock by several threads, and written back atomically only when it
/// changed since the last save.
final class KeptJSON<Value: VersionedManifest & Sendable>: Sendable {
    /// The value, and whether it changed since the last save.
    private struct State {
        var value: Value
        var changed = false
    }

    private let file: URL?
    private let state: Mutex<State>

    /// The value `file` holds when it is of the current version and `usable` accepts it, else `empty`; nil:
    /// keep nothing.
    init(file: URL?, empty: Value, usable: (Value) -> Bool = { _ in true }) {
        self.file = file
        let stored = file.flatMap { Value.read(from: $0) }
        state = Mutex(State(value: stored.flatMap { usable($0) ? $0 : nil } ?? empty))
    }

    /// What `body` reads from the value.
    func read<Result: Sendable>(_ body: (Value) -> Result) -> Result {
        state.withLock { body($0.value) }
    }

    /// Lets `body` change the value; when it says it did, the next `save` writes it.
    func change(_ body: (inout Value) -> Bool) {
        state.withLock { state in
            if body(&state.value) { state.changed = true }
        }
    }

    /// Writes the value into its file when it changed since the last save; nothing otherwise.
    func save() throws {
        guard let file else { return }
        let data: Data? = try state.withLock { state in
            guard state.changed else { return nil }
            state.changed = false
            return try JSONCoding.encoder.encode(state.value)
        }
        guard let data else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileSync.writeAtomically(data, to: file)
    }
}

import Foundation

/// A fresh folder under the system's temporary directory, removed with everything in it when the value
/// goes away: the one way the test targets make scratch space.
package final class TemporaryFolder: Sendable {
    package let url: URL

    /// Creates `dvpipe-<prefix>-<UUID>` under the temporary directory.
    package init(_ prefix: String = "test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The folder at `path` inside it (`media`, `media/Takeout/…`), made with its parents.
    package func subfolder(_ path: String) throws -> URL {
        let folder = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}

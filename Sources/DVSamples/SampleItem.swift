import DVMedia
import Foundation

/// One file of a generated library: a movie, a still or a damaged file, optionally with a set mtime.
package struct SampleItem: Sendable, Hashable {
    /// What the file holds.
    package enum Content: Sendable, Hashable {
        case clip(SampleClip)
        case still(SampleStill)
        case damaged(DamagedSample)
    }

    package var content: Content
    /// The modification time to give the file after writing it (nil keeps the time of writing).
    package var modificationDate: Date?

    package init(_ content: Content, modificationDate: Date? = nil) {
        self.content = content
        self.modificationDate = modificationDate
    }

    /// The name of the file written.
    package var fileName: String {
        switch content {
        case let .clip(clip): clip.fileName
        case let .still(still): still.fileName
        case let .damaged(damaged): damaged.fileName
        }
    }

    /// Writes the file into `directory` with `writer` and sets its modification time; returns its URL.
    @discardableResult
    package func write(with writer: SampleWriter, in directory: URL) throws -> URL {
        let url: URL
        switch content {
        case let .clip(clip): url = try writer.write(clip, in: directory)
        case let .still(still): url = try writer.write(still, in: directory)
        case let .damaged(damaged): url = try writer.write(damaged, in: directory)
        }
        if let modificationDate {
            do {
                try FileManager.default.setAttributes([.modificationDate: modificationDate], ofItemAtPath: url.path)
            } catch {
                throw MediaError.io(path: url.path, reason: "could not set the modification time: \(error)")
            }
        }
        return url
    }
}

import Foundation

/// A file that could not be read, written, flushed or moved into place, and why, in one line.
package struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file (or folder) the operation was about.
    package let path: String
    /// What went wrong, as the system said it.
    package let reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error for the system call that just failed on `path`, read from `errno`.
    static func fromErrno(_ path: String, _ step: String? = nil) -> FileError {
        let message = String(cString: strerror(errno))
        return FileError(path: path, reason: step.map { "\($0): \(message)" } ?? message)
    }

    package var description: String { "\(path): \(reason)" }
}

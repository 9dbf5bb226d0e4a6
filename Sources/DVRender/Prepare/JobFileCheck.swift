import DVMedia
import DVPlanning
import Foundation

/// Opens each file a job names as what the job uses it for (an overlay's picture or movie, the music, a
/// font, a look) and reports the ones that cannot be used at the job line that names them, so that `validate`
/// and the commands that render say so before any work starts, instead of failing part-way.
package enum JobFileCheck {
    /// An error for every file in `files` that does not open, decode or render as its kind. A file named
    /// in many places (a logo on every day) is opened once.
    /// A look's `.cube` file that breaks the format is reported once, at its own line and column, naming the
    /// first key that uses it.
    package static func diagnostics(for files: [JobFileReference]) -> [Diagnostic] {
        var problems: [String: String?] = [:]
        var looksRead: Set<String> = []
        return files.compactMap { file in
            if file.kind == .look {
                return looksRead.insert(file.path).inserted ? lookProblem(file) : nil
            }
            let id = "\(file.kind.rawValue) \(file.path)"
            let found = problems[id] ?? JobFileReference.problem(opening: file.path, as: file.kind)
            problems[id] = found
            return found.map { Diagnostic(.error, at: file.location, "\(file.key) cannot be used as \(file.kind.noun): \($0)") }
        }
    }
}

extension JobFileCheck {
    private static func lookProblem(_ file: JobFileReference) -> Diagnostic? {
        do {
            _ = try LookCube.table(at: file.path)
            return nil
        } catch {
            guard let line = error.line else {
                return Diagnostic(.error, at: file.location, "\(file.key) cannot be used as \(file.kind.noun): \(error)")
            }
            let place = SourceLocation(file: file.path, line: line, column: error.column ?? 1)
            return Diagnostic(.error, at: place, "\(error.message); named by \(file.key) at \(file.location)")
        }
    }
}

extension JobLoadResult {
    /// This result with `JobFileCheck`'s diagnostics for the files the job names.
    package func checkingFiles() -> JobLoadResult {
        adding(JobFileCheck.diagnostics(for: files))
    }
}

extension JobFileReference.Kind {
    /// `a picture`, `a font`.
    var noun: String {
        switch self {
        case .picture: "a picture"
        case .movie: "a movie"
        case .sound: "music"
        case .font: "a font"
        case .look: "a look (.cube)"
        }
    }
}

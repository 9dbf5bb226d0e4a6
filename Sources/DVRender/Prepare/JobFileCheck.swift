import DVMedia
import DVPlanning
import Foundation

/// Opens each file a job names as what the job uses it for (an overlay's picture or movie, the music, a
/// font, a look) and reports the ones that cannot be used at the job line that names them, so that `validate`
/// and the commands that render say so before any work starts, instead of failing part-way.
package enum JobFileCheck {
    /// An error for every file in `files` that does not open, decode or render as its kind, but a warning for
    /// music: a track that cannot be played is left out of the soundtrack (`Job.leavingOutMusic`), so the reel
    /// is still made, without it. A file named in many places (a logo on every day) is opened once.
    /// A look's `.cube` file that breaks the format is reported once, at its own line and column, naming the
    /// first key that uses it.
    package static func diagnostics(for files: [JobFileReference]) -> [Diagnostic] {
        findings(for: files).map(\.diagnostic)
    }

    /// Each problem of `diagnostics(for:)` with the file it is about.
    static func findings(for files: [JobFileReference]) -> [(file: JobFileReference, diagnostic: Diagnostic)] {
        var problems: [String: String?] = [:]
        var looksRead: Set<String> = []
        return files.compactMap { file in
            if file.kind == .look {
                return looksRead.insert(file.path).inserted ? lookProblem(file).map { (file, $0) } : nil
            }
            let id = "\(file.kind.rawValue) \(file.path)"
            let found = problems[id] ?? JobFileReference.problem(opening: file.path, as: file.kind)
            problems[id] = found
            guard let found else { return nil }
            let problem = "\(file.key) cannot be used as \(file.kind.noun): \(found)"
            if file.kind == .sound {
                return (file, Diagnostic(.warning, at: file.location, problem + "; the reel is made without this track"))
            }
            return (file, Diagnostic(.error, at: file.location, problem))
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
    /// A music track that cannot be played is left out of the job's soundtrack, with its warning.
    package func checkingFiles() -> JobLoadResult {
        let found = JobFileCheck.findings(for: files)
        var result = adding(found.map(\.diagnostic))
        let unplayable = Set(found.filter { $0.file.kind == .sound }.map(\.file.path))
        if !unplayable.isEmpty, let job = result.job {
            result.job = job.leavingOutMusic(unplayable)
        }
        return result
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

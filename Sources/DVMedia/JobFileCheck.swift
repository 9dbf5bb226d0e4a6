import DVPlanning
import Foundation

/// Opens each file a job names as what the job uses it for (an overlay's picture or movie, the music, a
/// font) and reports the ones that cannot be used at the job line that names them, so that `validate`
/// and the commands that render say so before any work starts, instead of failing part-way.
public enum JobFileCheck {
    /// An error for every file in `files` that does not open, decode or render as its kind. A file named
    /// in many places (a logo on every day) is opened once.
    public static func diagnostics(for files: [JobFileReference]) -> [Diagnostic] {
        var problems: [String: String?] = [:]
        return files.compactMap { file in
            let id = "\(file.kind.rawValue) \(file.path)"
            let found = problems[id] ?? problem(with: file)
            problems[id] = found
            return found.map { Diagnostic(.error, at: file.location, "\(file.key) cannot be used as \(file.kind.noun): \($0)") }
        }
    }

    /// Why `file` cannot be used, or nil: each kind is read as rendering reads it, on a small canvas.
    static func problem(with file: JobFileReference) -> String? {
        do {
            switch file.kind {
            case .picture:
                _ = try OverlayPicture(path: file.path, width: 16)
            case .movie:
                let movie = try OverlayMovie(path: file.path, rect: (x: 0, y: 0, width: 16, height: 16), loop: false, fps: 30)
                try movie.draw(into: try VideoFrame(width: 16, height: 16), atFrame: 0, opacity: 1)
            case .sound:
                if try AudioClipReader(path: file.path).readAll(limit: StereoSamples.sampleRate / 10).left.isEmpty {
                    return "\(file.path) has no sound"
                }
            case .font:
                _ = try FontFace(path: file.path, pixelSize: 16).render("0")
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}

extension JobLoadResult {
    /// This result with `JobFileCheck`'s diagnostics for the files the job names.
    public func checkingFiles() -> JobLoadResult {
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
        }
    }
}

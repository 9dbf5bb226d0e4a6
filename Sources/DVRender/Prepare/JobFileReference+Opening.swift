import DVMedia
import DVPlanning

extension JobFileReference {
    /// Why the file at `path` cannot be used as `kind`, or nil: it is read as rendering reads it, on a small
    /// canvas (a picture decoded, a movie's first frame drawn, the music's first tenth of a second decoded,
    /// a glyph of the font rendered, a look's table read).
    package static func problem(opening path: String, as kind: Kind) -> String? {
        do {
            switch kind {
            case .picture: try FileOpening.picture(path)
            case .movie: try FileOpening.movie(path)
            case .sound: if try !FileOpening.hasSound(path) { return "\(path) has no sound" }
            case .font: try FileOpening.font(path)
            case .look: try FileOpening.look(path)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}

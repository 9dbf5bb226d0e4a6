import DVPlanning
import DVSignal

extension JobFileReference {
    /// Why the file at `path` cannot be used as `kind`, or nil: it is read as rendering reads it, on a small
    /// canvas (a picture decoded, a movie's first frame drawn, the music's first tenth of a second decoded,
    /// a glyph of the font rendered, a look's table read).
    package static func problem(opening path: String, as kind: Kind) -> String? {
        do {
            switch kind {
            case .picture:
                _ = try OverlayPicture(path: path, width: 16)
            case .movie:
                let movie = try OverlayMovie(path: path, rect: (x: 0, y: 0, width: 16, height: 16), loop: false, fps: 30)
                try movie.draw(into: try VideoFrame(width: 16, height: 16), atFrame: 0, opacity: 1)
            case .sound:
                if try AudioClipReader(.file(path)).readAll(limit: StereoSamples.sampleRate / 10).left.isEmpty {
                    return "\(path) has no sound"
                }
            case .font:
                _ = try TextLayout("0", fontPath: path, settings: TextLayout.Settings(pixelSize: 16), fonts: FontSet()).image()
            case .look:
                _ = try LookCube.table(at: path)
            }
            return nil
        } catch {
            return "\(error)"
        }
    }
}

import DVSignal

/// A file a job names, opened as rendering opens it but on a small canvas, to learn before the render whether it
/// can be used: each check throws what opening it threw.
package enum FileOpening {
    /// Decodes the picture at `path`.
    package static func picture(_ path: String) throws {
        _ = try OverlayPicture(path: path, width: 16)
    }

    /// Opens the movie at `path` and draws its first frame.
    package static func movie(_ path: String) throws {
        let movie = try OverlayMovie(path: path, rect: (x: 0, y: 0, width: 16, height: 16), loop: false, fps: 30)
        try movie.draw(into: try VideoFrame(width: 16, height: 16), atFrame: 0, opacity: 1)
    }

    /// Whether the file at `path` has sound, from its first tenth of a second decoded.
    package static func hasSound(_ path: String) throws -> Bool {
        try !AudioClipReader(.file(path)).readAll(limit: StereoSamples.sampleRate / 10).left.isEmpty
    }

    /// Renders a glyph of the font at `path`.
    package static func font(_ path: String) throws {
        _ = try TextLayout("0", fontPath: path, settings: TextLayout.Settings(pixelSize: 16), fonts: FontSet()).image()
    }

    /// Reads the look's table at `path`.
    package static func look(_ path: String) throws {
        _ = try LookCube.table(at: path)
    }
}

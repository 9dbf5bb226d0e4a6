import Foundation

/// Font faces lent to the tasks of a render, one task at a time, so the glyphs one segment rendered
/// are there for the next segment on any task: the date, the captions' letters and the cards' text
/// are rendered by FreeType once per font, size and worker, not once per clip.
///
/// A borrowed face belongs to the borrower until it is given back; the pool only holds idle faces,
/// behind a lock, and never touches a lent one. Safe to share between tasks.
public final class FontPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [String: [FontFace]] = [:]

    public init() {}

    /// An idle face of the font file at `path` (its glyph cache kept), or a new one; give it back when done.
    public func borrow(_ path: String) throws -> FontFace {
        let face = lock.withLock { idle[path]?.popLast() }
        return try face ?? FontFace(path: path, pixelSize: 16)
    }

    /// Makes `face` available to the next borrower of its font file.
    public func giveBack(_ face: FontFace) {
        lock.withLock { idle[face.path, default: []].append(face) }
    }
}

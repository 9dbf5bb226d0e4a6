import Foundation

/// Font faces lent to the tasks of a render, one task at a time, so the glyphs one segment rendered
/// are there for the next segment on any task: the date, the captions' letters and the cards' text
/// are rendered by FreeType once per font, size and worker, not once per clip.
///
/// A borrowed face belongs to the borrower until it is given back; the pool only holds idle faces,
/// behind a lock, and never touches a lent one. Safe to share between tasks.
public final class FontPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [FontFile: [FontFace]] = [:]

    public init() {}

    /// An idle face `index` of the font file at `path` (its glyph cache kept), or a new one; give it back when done.
    public func borrow(_ path: String, index: Int = 0) throws -> FontFace {
        let file = FontFile(path: path, index: index)
        let face = lock.withLock { idle[file]?.popLast() }
        return try face ?? FontFace(path: path, index: index, pixelSize: 16)
    }

    /// Makes `face` available to the next borrower of its font file.
    public func giveBack(_ face: FontFace) {
        lock.withLock { idle[face.file, default: []].append(face) }
    }
}

import Foundation
import Synchronization

/// A font face on its way from one borrower to the next through a `FontPool`.
private struct FaceHandOver: @unchecked Sendable {
    // @unchecked: a face in the pool is idle; only the one borrower it is lent to uses it afterwards.
    let face: FontFace
}

/// Font faces lent to the tasks of a render, one task at a time, so the glyphs one segment rendered
/// are there for the next segment on any task: the date, the captions' letters and the cards' text
/// are rendered by FreeType once per font, size and worker, not once per clip.
///
/// A borrowed face belongs to the borrower until it is given back; the pool only holds idle faces,
/// behind a lock, and never touches a lent one. Safe to share between tasks.
package final class FontPool: Sendable {
    /// Idle faces, by face. A face is owned by one borrower at a time, so passing it through the pool between
    /// threads shares nothing: `FaceHandOver` says so to the compiler.
    private let idle = Mutex<[FontFile: [FaceHandOver]]>([:])

    package init() {}

    /// An idle face `index` of the font file at `path` (its glyph cache kept), or a new one; give it back when done.
    package func borrow(_ path: String, index: Int = 0) throws -> FontFace {
        let file = FontFile(path: path, index: index)
        let face = idle.withLock { $0[file]?.popLast()?.face }
        return try face ?? FontFace(path: path, index: index, pixelSize: 16)
    }

    /// Makes `face` available to the next borrower of its font file.
    package func giveBack(_ face: FontFace) {
        let handed = FaceHandOver(face: face)
        idle.withLock { $0[face.file, default: []].append(handed) }
    }
}

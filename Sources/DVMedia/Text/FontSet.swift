/// The font faces one drawer (a painter, a card, a calendar) lays its texts out with: borrowed from a
/// `FontPool` as a text first needs them, and given back when the set goes away. Keep a set on one task.
package final class FontSet {
    private let pool: FontPool
    private var faces: [FontFile: FontFace] = [:]

    /// A set that borrows from `pool` (by default a pool of its own).
    package init(pool: FontPool = FontPool()) {
        self.pool = pool
    }

    deinit {
        for face in faces.values {
            pool.giveBack(face)
        }
    }

    /// Face `index` of the font file at `path`, set to `pixelSize`.
    package func face(_ path: String, index: Int = 0, pixelSize: Int) throws -> FontFace {
        let file = FontFile(path: path, index: index)
        let face = try faces[file] ?? pool.borrow(path, index: index)
        faces[file] = face
        if face.pixelSize != pixelSize {
            try face.setPixelSize(pixelSize)
        }
        return face
    }
}

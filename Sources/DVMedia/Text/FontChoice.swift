/// Which font draws each character of a text: the text's own font when it has the character, else the
/// first of the given fallback files that has it, or, without a list, the font fontconfig chooses; an emoji in
/// emoji presentation from a colour font first; a mark, joiner or variation selector from the font of the
/// character it follows. A character no font has stays with the text's own font, which draws its
/// missing-glyph box.
struct FontChoice {
    /// The fallback faces, in order of preference; nil: ask fontconfig.
    let fallbacks: [FontFile]?
    let language: String?
    let fonts: FontSet

    /// The index into `faces` (the text's own font first) of the face that draws each of `scalars`,
    /// adding to `faces` the fallbacks they need.
    func faces(for scalars: [Unicode.Scalar], faces: inout [FontFace]) throws -> [Int] {
        var chosen: [Int] = []
        for (position, scalar) in scalars.enumerated() {
            if position > 0, TextLayout.joinsPrevious(scalar) {
                chosen.append(chosen[position - 1])
                continue
            }
            let emoji =
                scalar.properties.isEmojiPresentation
                || (scalar.properties.isEmoji && position + 1 < scalars.count && scalars[position + 1].value == 0xFE0F)
            if !emoji, faces[0].has(scalar) || scalar.properties.isWhitespace {
                chosen.append(0)
                continue
            }
            if let file = try fallback(for: scalar, emoji: emoji, size: faces[0].pixelSize), file != faces[0].file {
                if let known = faces.firstIndex(where: { $0.file == file }) {
                    chosen.append(known)
                } else {
                    faces.append(try fonts.face(file.path, index: file.index, pixelSize: faces[0].pixelSize))
                    chosen.append(faces.count - 1)
                }
                continue
            }
            chosen.append(0)
        }
        return chosen
    }

    /// The face that draws `scalar`: from the list (a colour font first for an emoji), or fontconfig's.
    private func fallback(for scalar: Unicode.Scalar, emoji: Bool, size: Int) throws -> FontFile? {
        guard let fallbacks else { return FontFallback.file(for: scalar, language: language, colour: emoji) }
        var found: FontFile?
        for file in fallbacks {
            let face = try fonts.face(file.path, index: file.index, pixelSize: size)
            guard face.has(scalar) else { continue }
            if !emoji || face.isColour { return file }
            found = found ?? file
        }
        return found
    }
}

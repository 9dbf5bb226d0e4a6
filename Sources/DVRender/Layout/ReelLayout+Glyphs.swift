import DVMedia
import DVPlanning
import Foundation

extension ReelLayout {
    /// Every text the reel draws with the font file it is drawn with: the cards' texts and the texts over
    /// each clip (dates, timeline texts, captions), in timeline order.
    var drawnTexts: [(text: String, fontPath: String)] {
        pieces.flatMap { piece -> [(text: String, fontPath: String)] in
            switch piece.source {
            case let .card(card):
                return card.text.isEmpty ? [] : [(card.text, card.fontPath)]
            case let .clip(clip):
                return clip.overlays.items.compactMap { item in
                    if case let .text(text) = item { (text.text, TextStyle.font(text.font?.path)) } else { nil }
                }
            }
        }
    }

    /// One warning for each character a drawn text's font lacks (it would show as the font's
    /// missing-glyph box), naming the character and the text, each pair once however often the text
    /// is drawn. A font that cannot be opened is left to the render, which fails naming it.
    func missingGlyphWarnings() -> [String] {
        var fonts: [String: FontFace] = [:]
        var seen = Set<String>()
        var warnings: [String] = []
        for (text, fontPath) in drawnTexts {
            guard let font = fonts[fontPath] ?? (try? FontFace(path: fontPath, pixelSize: 16)) else { continue }
            fonts[fontPath] = font
            for character in font.missingCharacters(in: text) {
                let code = String(character.value, radix: 16, uppercase: true)
                let message = "the font \(URL(fileURLWithPath: fontPath).lastPathComponent) has no glyph for '\(character)' "
                    + "(U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) in the text \"\(text)\"; it is drawn as a box"
                if seen.insert(message).inserted {
                    warnings.append(message)
                }
            }
        }
        return warnings
    }
}

import DVMedia
import DVPlanning
import Foundation

extension ReelLayout {
    /// Every text the reel draws with the font file it is drawn with and its language: the cards' texts and
    /// the texts over each clip (dates, timeline texts, captions), in timeline order.
    var drawnTexts: [(text: String, fontPath: String, language: String?)] {
        pieces.flatMap { piece -> [(text: String, fontPath: String, language: String?)] in
            switch piece.source {
            case let .card(card):
                return card.text.isEmpty ? [] : [(card.text, card.fontPath, nil)]
            case let .clip(clip):
                return clip.overlays.items.compactMap { item in
                    if case let .text(text) = item { (text.text, TextStyle.font(text.font?.path), text.language) } else { nil }
                }
            }
        }
    }

    /// One warning for each character of a drawn text that neither its font nor any installed font has (it
    /// would show as the font's missing-glyph box), naming the character and the text, each pair once however
    /// often the text is drawn. A font that cannot be opened is left to the render, which fails naming it.
    func missingGlyphWarnings() -> [String] {
        let fonts = FontSet()
        var seen = Set<String>()
        var warnings: [String] = []
        for (text, fontPath, language) in drawnTexts {
            guard let missing = try? TextLayout.fallbacks(for: text, fontPath: fontPath, language: language, fonts: fonts).missing else { continue }
            for character in missing {
                let code = String(character.value, radix: 16, uppercase: true)
                let message =
                    "no installed font has a glyph for '\(character)' "
                    + "(U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) in the text \"\(text)\"; it is drawn as a box"
                if seen.insert(message).inserted {
                    warnings.append(message)
                }
            }
        }
        return warnings
    }
}

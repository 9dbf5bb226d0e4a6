import Foundation

/// A name (a person, a keyword or tag path, an album) reduced to what makes two spellings the same name, so a
/// job's `Emma` finds a file's `EMMA`, a Japanese name typed in another normalisation form finds the file's,
/// and `dvpipe people` counts one person once.
///
/// The recipe, in order:
/// 1. Unicode compatibility normalisation (NFKC): canonically equivalent spellings (`é` precomposed or as `e` +
///    combining acute, NFC and NFD) become one; full-width Latin (`Ｅｍｍａ`) and half-width katakana (`ｴﾏ`)
///    become their ordinary forms (width folding); Arabic presentation forms become the base letters;
///    ligatures such as `ﬁ` become their letters.
/// 2. Full case folding without a locale (`Straße` and `STRASSE` are one; `İ` folds to `i` + combining dot).
/// 3. White space trimmed at both ends and each run inside it made one space.
///
/// Kept apart on purpose: accents (`Zoe` is not `Zoé`), hiragana and katakana (`えま` is not `エマ`), Arabic
/// vowel marks. Two names that differ that way may be two people.
public struct NameKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The normalised name.
    public let folded: String

    public init(_ name: String) {
        let normalised = name.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
        folded = normalised.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// True when the key is of an empty (or blank) name.
    public var isEmpty: Bool { folded.isEmpty }

    public static func < (lhs: NameKey, rhs: NameKey) -> Bool { lhs.folded < rhs.folded }

    public var description: String { folded }
}

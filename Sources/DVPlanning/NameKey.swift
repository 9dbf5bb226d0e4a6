import Foundation

/// What a name (a person, a keyword, an album) is compared by, wherever dvpipe matches names: the job's
/// `selection.people` against a file's, and `dvpipe people` grouping the spellings of one name. Two names
/// are the same when their keys are equal.
///
/// The key is the name with its ends trimmed and every run of white space made one space, in Unicode
/// normalisation form C (so a name typed on a Mac, often decomposed, `e` + U+0301, matches one typed
/// elsewhere, `é`), then case-folded (`EMMA`, `Emma` and `emma`; `STRASSE` and `straße`; Greek's final
/// `ς` and `σ`) and composed again (folding may decompose). Scripts without case (Japanese, Arabic) are
/// compared by normalisation alone. It is not a similarity: `Émma` and `Emma` differ.
public struct NameKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name trimmed, its spaces collapsed, composed (NFC) and case-folded.
    public let folded: String

    public init(_ name: String) {
        let spaced = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        folded =
            spaced.precomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// True when the key is of an empty (or blank) name.
    public var isEmpty: Bool { folded.isEmpty }

    public static func < (lhs: NameKey, rhs: NameKey) -> Bool {
        lhs.folded.unicodeScalars.lexicographicallyPrecedes(rhs.folded.unicodeScalars)
    }

    public var description: String { folded }
}

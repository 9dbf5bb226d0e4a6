extension StringProtocol {
    /// The columns a terminal gives the text, so tables of names in any script line up: a character whose
    /// first scalar is East Asian wide or full-width (Hangul, kana, CJK ideographs, full-width forms) or an
    /// emoji shown as one takes two, a zero-width one (a lone joiner or mark) none, any other one. Combining
    /// marks belong to their character, so a decomposed `é` is one column as a composed one is.
    public var terminalColumns: Int {
        reduce(0) { total, character in total + Self.columns(of: character) }
    }

    private static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .format { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The East Asian wide and full-width blocks (Unicode's EastAsianWidth.txt, `W` and `F`, by block).
    private static var wideRanges: [ClosedRange<UInt32>] {
        [
            0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD
        ]
    }
}

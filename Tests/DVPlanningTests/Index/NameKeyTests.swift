import DVPlanning
import Testing

@Suite struct NameKeyTests {
    @Test("case, NFC and NFD, and full-width letters make one name")
    func latinSpellingsAreOneName() {
        #expect(NameKey("Emma") == NameKey("EMMA"))
        #expect(NameKey("Zo\u{E9}") == NameKey("Zoe\u{301}"))
        #expect(NameKey("ZO\u{C9}") == NameKey("zoe\u{301}"))
        #expect(NameKey("Ｅｍｍａ") == NameKey("emma"))
        #expect(NameKey("Straße") == NameKey("STRASSE"))
        #expect(NameKey("  Anna   Maria ") == NameKey("Anna Maria"))
    }

    @Test("accents, and hiragana against katakana, stay apart")
    func differentNamesStayApart() {
        #expect(NameKey("Zoe") != NameKey("Zoé"))
        #expect(NameKey("えま") != NameKey("エマ"))
    }

    @Test("Japanese: half-width katakana and composed voiced marks match their ordinary forms")
    func japaneseMatches() {
        // ｶﾞ (half-width ka + half-width voiced mark) is ガ; か + combining voiced mark (NFD) is が (NFC).
        #expect(NameKey("ｶﾞｸ") == NameKey("ガク"))
        #expect(NameKey("\u{304B}\u{3099}\u{304F}") == NameKey("\u{304C}\u{304F}"))
        #expect(NameKey("山田 花子") == NameKey("山田　花子"))
    }

    @Test("Arabic: presentation forms and the composed hamza match the base letters")
    func arabicMatches() {
        // أ as alef + combining hamza above (NFD) and precomposed (NFC).
        #expect(NameKey("\u{0627}\u{0654}\u{062D}\u{0645}\u{062F}") == NameKey("\u{0623}\u{062D}\u{0645}\u{062F}"))
        // ﻣﺤﻤﺪ in presentation forms is محمد.
        #expect(NameKey("\u{FEE3}\u{FEA4}\u{FEE4}\u{FEAA}") == NameKey("محمد"))
        #expect(NameKey("محمد") != NameKey("أحمد"))
    }
}

import Foundation
import Testing

@testable import DVPlanning

/// Names match as one after Unicode normalisation and case folding, in any script.
struct NameKeyTests {
    @Test("case, NFC against NFD, Japanese and Arabic in two normalisation forms, spaces: each pair is one name")
    func theSameName() {
        let pairs: [(String, String)] = [
            ("Emma", "EMMA"), ("emma", "Emma"),
            ("Zoé", "Zoe\u{301}"), ("ÉMILE", "e\u{301}mile"),
            ("STRASSE", "straße"), ("ΟΔΥΣΣΕΑΣ", "οδυσσεας"), ("Σίσυφος", "σίσυφοσ"),
            // Japanese: が composed (U+304C) and decomposed (か U+304B + U+3099); ガ likewise.
            ("ながの", "なか\u{3099}の"), ("ガク", "カ\u{3099}ク"), ("田中 花子", "田中\u{3000}花子"),
            // Arabic: أ composed (U+0623) and as ا + hamza above (U+0627 U+0654).
            ("أحمد", "\u{627}\u{654}حمد"), ("فاطمة", "فاطمة"),
            ("  Emma   Rose ", "Emma Rose")
        ]
        for (one, other) in pairs {
            #expect(NameKey(one) == NameKey(other), "\(one) and \(other)")
            #expect(NameKey(one).folded.unicodeScalars.elementsEqual(NameKey(other).folded.unicodeScalars), "the same scalars for \(one)")
        }
        #expect(NameKey("Zoe\u{301}").folded.unicodeScalars.count == 3, "composed")
    }

    @Test("different names stay different: accents, other letters, other scripts")
    func differentNames() {
        for (one, other) in [("Emma", "Emmа"), ("Zoé", "Zoe"), ("أحمد", "احمد"), ("ながの", "なかの"), ("Noah", "Noa")] {
            #expect(NameKey(one) != NameKey(other), "\(one) and \(other)")
        }
        #expect(NameKey(" \t ").isEmpty)
        #expect([NameKey("b"), NameKey("A"), NameKey("c")].sorted() == [NameKey("a"), NameKey("B"), NameKey("C")])
    }
}

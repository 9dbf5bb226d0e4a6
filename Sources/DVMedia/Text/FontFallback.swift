internal import CText
import Foundation
import Synchronization

/// The fonts fontconfig chooses for characters a text's own font lacks, as libass and Pango ask it: the
/// installed fonts sorted for the character (and the text's language, where given), the first that has a
/// glyph for it. Colour emoji come from a colour font first. Answers are kept for the process's life, and
/// fontconfig is asked under one lock.
package enum FontFallback {
    private struct Question: Hashable {
        var scalar: UInt32
        var language: String?
        var colour: Bool
    }

    private static let answers = Mutex<[Question: FontFile?]>([:])
    private static let config = Mutex<OpaquePointer?>(nil)

    /// The font face that draws `scalar` in `language` (a BCP 47 or POSIX locale name: `ja`, `zh_TW`,
    /// `ar`), in colour when `colour` is set and a colour font has it; nil when no installed font has it.
    package static func file(for scalar: Unicode.Scalar, language: String?, colour: Bool = false) -> FontFile? {
        let question = Question(scalar: scalar.value, language: language.map(fontconfigLanguage), colour: colour)
        if let known = answers.withLock({ $0[question] }) { return known }
        let found = config.withLock { config -> FontFile? in
            if config == nil { config = FcInitLoadConfigAndFonts() }
            guard let config else { return nil }
            return search(question, in: config)
        }
        answers.withLock { $0[question] = found }
        return found
    }

    /// `ja_JP` → `ja-jp`, `zh-Hant` → `zh-tw`, `zh-Hans` → `zh-cn`: the form of fontconfig's language tags,
    /// which name Chinese by its regions rather than its scripts.
    static func fontconfigLanguage(_ language: String) -> String {
        let tag = (language.split(separator: "@").first.map(String.init) ?? language).replacingOccurrences(of: "_", with: "-").lowercased()
        guard tag.hasPrefix("zh") else { return tag }
        let parts = tag.split(separator: "-")
        if parts.contains("hk") { return "zh-hk" }
        if parts.contains("mo") { return "zh-mo" }
        if parts.contains("hant") || parts.contains("tw") { return "zh-tw" }
        if parts.contains("sg") { return "zh-sg" }
        return "zh-cn"
    }

    private static func search(_ question: Question, in config: OpaquePointer) -> FontFile? {
        guard let pattern = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(wanted)
        }
        FcCharSetAddChar(wanted, question.scalar)
        FcPatternAddCharSet(pattern, dv_fc_charset(), wanted)
        if let language = question.language {
            FcPatternAddString(pattern, dv_fc_lang(), language)
        }
        if question.colour {
            FcPatternAddBool(pattern, dv_fc_color(), 1)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        var colourFallback: FontFile?
        for index in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[index] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, dv_fc_charset(), 0, &charset) == FcResultMatch, let charset,
                FcCharSetHasChar(charset, question.scalar) != 0
            else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, dv_fc_file(), 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, dv_fc_index(), 0, &index)
            let found = FontFile(path: String(cString: file), index: Int(index))
            guard question.colour else { return found }
            var isColour: FcBool = 0
            if FcPatternGetBool(font, dv_fc_color(), 0, &isColour) == FcResultMatch, isColour != 0 { return found }
            colourFallback = colourFallback ?? found
        }
        return colourFallback
    }

    /// The writing systems the installed fonts cover, by fontconfig's language tags (`ar`, `ja`, `th`): for
    /// `dvpipe doctor`. Each of `languages` is paired with the family of the first font fontconfig sorts for it
    /// that covers it, or nil.
    package static func coverage(of languages: [String]) -> [(language: String, family: String?)] {
        config.withLock { config in
            if config == nil { config = FcInitLoadConfigAndFonts() }
            return languages.map { language in
                guard let config, let pattern = FcPatternCreate() else { return (language, nil) }
                defer { FcPatternDestroy(pattern) }
                FcPatternAddString(pattern, dv_fc_lang(), language)
                FcConfigSubstitute(config, pattern, FcMatchPattern)
                FcDefaultSubstitute(pattern)
                var result = FcResultMatch
                guard let sorted = FcFontSort(config, pattern, 1, nil, &result) else { return (language, nil) }
                defer { FcFontSetDestroy(sorted) }
                for index in 0..<Int(sorted.pointee.nfont) {
                    guard let font = sorted.pointee.fonts[index] else { continue }
                    var languages: OpaquePointer?
                    guard FcPatternGetLangSet(font, dv_fc_lang(), 0, &languages) == FcResultMatch, let languages,
                        FcLangSetHasLang(languages, language) == FcLangEqual
                    else { continue }
                    var family: UnsafeMutablePointer<FcChar8>?
                    if FcPatternGetString(font, dv_fc_family(), 0, &family) == FcResultMatch, let family {
                        return (language, String(cString: family))
                    }
                }
                return (language, nil)
            }
        }
    }
}

import Foundation

/// The people a clip names as one phrase for a caption's `{people}` token ("Emma and Noah", "Emma, Noah and
/// Mia"), joined as the job's locale joins a list.
///
/// Foundation's `ListFormatter` is not in this toolchain's Foundation on Linux, so the joining words come from
/// a small table of the languages dvpipe's date stamps are most often written in, taken from CLDR's list
/// patterns ("and" lists): English (the fallback for any other language), French, German, Spanish, Italian,
/// Portuguese, Dutch, Swedish, Danish, Norwegian, Japanese, Chinese, Korean and Arabic.
public enum PeopleList {
    /// How a language joins a list: between the first names, and before the last.
    struct Joiners {
        var middle: String
        var last: String
    }

    /// CLDR's "and" list joiners by language code.
    static let joiners: [String: Joiners] = [
        "en": Joiners(middle: ", ", last: " and "),
        "fr": Joiners(middle: ", ", last: " et "),
        "de": Joiners(middle: ", ", last: " und "),
        "es": Joiners(middle: ", ", last: " y "),
        "it": Joiners(middle: ", ", last: " e "),
        "pt": Joiners(middle: ", ", last: " e "),
        "nl": Joiners(middle: ", ", last: " en "),
        "sv": Joiners(middle: ", ", last: " och "),
        "da": Joiners(middle: ", ", last: " og "),
        "nb": Joiners(middle: ", ", last: " og "),
        "ja": Joiners(middle: "、", last: "、"),
        "zh": Joiners(middle: "、", last: "和"),
        "ko": Joiners(middle: ", ", last: " 및 "),
        "ar": Joiners(middle: " و", last: " و")
    ]

    /// `names` joined as `locale` (`en_US`, `fr`, `zh-Hant`: its language decides) joins an "and" list; empty
    /// for no names.
    public static func joined(_ names: [String], locale: String) -> String {
        let language = String(locale.prefix { $0 != "_" && $0 != "-" }).lowercased()
        let joiners = joiners[language] ?? joiners["en"]!
        switch names.count {
        case 0: return ""
        case 1: return names[0]
        case 2: return names[0] + joiners.last + names[1]
        default: return names.dropLast().joined(separator: joiners.middle) + joiners.last + names[names.count - 1]
        }
    }

    /// `text` with each `{people}` replaced by `names` joined in `locale`, or by the text after a `|`
    /// (`{people|everyone}`) when there is nobody; without one, by nothing.
    public static func fill(_ text: String, with names: [String], locale: String) -> String {
        guard text.contains("{people") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{people") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: "}"), after.first == "}" || after.first == "|" else {
                result += rest[open]
                rest = after
                continue
            }
            let fallback = after.first == "|" ? String(after[after.index(after: after.startIndex)..<close]) : ""
            result += names.isEmpty ? fallback : joined(names, locale: locale)
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }
}

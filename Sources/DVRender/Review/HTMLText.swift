/// Text made safe for HTML: in an element's content and in a double- or single-quoted attribute value.
package enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as references, and line breaks and other C0 control
    /// characters as numeric references, so that an attribute keeps them exactly and no text closes a tag.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{00}"..."\u{1F}", "\u{7F}": result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

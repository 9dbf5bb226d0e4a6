/// What every server address dvpipe is given shares (a library's, the segment store's): whether a text is
/// one, and how a message shows it without what may be a credential.
public enum ServerAddress {
    /// Whether `text` is meant as an address (`scheme://…`) rather than a folder.
    public static func isAddress(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// `text` with anything that may be a user, password or key taken out, for messages: what lies between
    /// `scheme://` (or the start) and the last `@`, whether or not the address parses (a token may hold `/`).
    public static func withoutCredentials(_ text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let start = text.range(of: "://").map(\.upperBound) ?? text.startIndex
        guard start <= at else { return text }
        return text[..<start] + "…" + text[at...]
    }
}

import Foundation

/// The numbers a server gives (`Content-Length`, a listing's sizes), read with overflow checks and bounds: a
/// value that is not plain decimal digits, or passes `largestFile`, is refused with the reason, never
/// trapped on later in arithmetic.
enum ServerNumber {
    /// The largest file size believed from a server: 1 TiB (2^40 bytes). A phone's longest 4K movie is a few
    /// tens of GB; a size past this is a server's mistake or a lie.
    static let largestFile: Int64 = 1 << 40

    /// A byte count as HTTP writes it (`Content-Length`): decimal digits only, spaces around allowed, at most
    /// 18 of them (so it never overflows); nil for anything else.
    static func length(_ text: String) -> Int64? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard (1...18).contains(digits.utf8.count), digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(digits)
    }

    /// A file's size as a listing gives it (`getcontentlength`, S3's `<Size>`), or why it is not believed:
    /// missing, not a number, negative, or past `largestFile`.
    static func listedSize(_ text: String?) -> Result<Int64, ListedSizeProblem> {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return .failure(.init("no size")) }
        let shown = text.count > 24 ? text.prefix(24) + "…" : Substring(text)
        guard let size = length(text) else {
            let sign = text.hasPrefix("-") && length(String(text.dropFirst())) != nil
            return .failure(.init(sign ? "a negative size (\(shown))" : "a size that is not a whole number of bytes ('\(shown)')"))
        }
        guard size <= largestFile else { return .failure(.init("a size of \(size) bytes, past the \(largestFile) believed")) }
        return .success(size)
    }
}

/// Why a listed size is not believed, in words that follow "the server lists".
package struct ListedSizeProblem: Error, Sendable, Hashable, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

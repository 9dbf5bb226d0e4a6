import Foundation

/// The files a message of dvpipe names, to check that each message names a file once (as
/// `scripts/fault-campaign.py` checks the campaign's).
enum MessageFiles {
    /// A file as a message names it: an absolute path, or a name with a media, manifest or font extension.
    private static let pattern = try! NSRegularExpression(
        pattern: #"(?<![:/\w])/[^\s:;,()'"]+|[\w.-]+\.(?:mp4|mov|MOV|jpg|jpeg|heic|HEIC|m4a|aac|json|yaml|cube|ttf|png)\b"#)

    /// The lines of `text` that name a file more than once (by its last path component), each with those names.
    static func repeated(in text: String) -> [(line: String, names: [String])] {
        text.split(separator: "\n").compactMap { line in
            let line = String(line)
            let range = NSRange(line.startIndex..., in: line)
            let names = pattern.matches(in: line, range: range).compactMap { match in
                Range(match.range, in: line).map { String(line[$0]).split(separator: "/").last.map(String.init) ?? "" }
            }
            let twice = Set(names.filter { name in !name.isEmpty && names.count { $0 == name } > 1 })
            return twice.isEmpty ? nil : (line, twice.sorted())
        }
    }
}

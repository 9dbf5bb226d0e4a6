import Foundation

/// GitHub Actions' workflow commands (`::error file=…,line=…,col=…::message`), which GitHub shows on the
/// named line of the job file in a pull request and in the run's summary.
enum GitHubAnnotation {
    /// True inside a GitHub Actions job (`GITHUB_ACTIONS=true`).
    static var isActive: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

    /// The command for a message of `severity` (`error`, `warning`), at the place given, if any.
    static func command(_ severity: String, file: String? = nil, line: Int? = nil, column: Int? = nil, _ message: String) -> String {
        let properties = [("file", file), ("line", line.map(String.init)), ("col", column.map(String.init))]
            .compactMap { name, value in value.map { "\(name)=\(escaped($0, property: true))" } }
        return "::\(severity)\(properties.isEmpty ? "" : " " + properties.joined(separator: ","))::\(escaped(message, property: false))"
    }

    /// `text` as it is, or inside GitHub Actions `plain(text)`.
    static func neutralized(_ text: String) -> String {
        isActive ? plain(text) : text
    }

    /// `text` with no line that GitHub would read as a workflow command: a line (after a line feed or a carriage
    /// return) whose first characters after blanks are `::` has its first `:` written `%3A`, as GitHub escapes
    /// it in a command's value. dvpipe's own commands are printed apart (`printCommand`).
    static func plain(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var atLineStart = true
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if atLineStart, scalar == ":", index + 1 < scalars.count, scalars[index + 1] == ":" {
                result.append(contentsOf: "%3A".unicodeScalars)
                atLineStart = false
                continue
            }
            result.append(scalar)
            if scalar == "\n" || scalar == "\r" {
                atLineStart = true
            } else if scalar != " " && scalar != "\t" {
                atLineStart = false
            }
        }
        return String(result)
    }

    /// GitHub's escaping: `%`, CR and LF everywhere, and `:` and `,` in a property's value.
    private static func escaped(_ text: String, property: Bool) -> String {
        var escaped = text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        if property {
            escaped = escaped.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        return escaped
    }
}

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

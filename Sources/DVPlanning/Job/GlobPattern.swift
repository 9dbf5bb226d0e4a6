/// A path pattern matched against library-relative paths: `**` any folders, `*` any characters but `/`,
/// `?` one character but `/`; everything else matches itself.
public struct GlobPattern: Sendable, Hashable, Codable, CustomStringConvertible {
    public let pattern: String

    public init(_ pattern: String) {
        self.pattern = pattern
    }

    /// True when the whole of `path` (with `/` separators) matches.
    public func matches(_ path: String) -> Bool {
        var matcher = Matcher(pattern: Array(pattern), path: Array(path))
        return matcher.match(0, 0)
    }

    public var description: String { pattern }

    /// Backtracking matcher that remembers failed (pattern, path) positions, so it stays polynomial.
    private struct Matcher {
        let pattern: [Character]
        let path: [Character]
        var failed: Set<Int> = []

        init(pattern: [Character], path: [Character]) {
            self.pattern = pattern
            self.path = path
        }

        mutating func match(_ p: Int, _ s: Int) -> Bool {
            let key = p * (path.count + 1) + s
            if failed.contains(key) { return false }
            let result = step(p, s)
            if !result { failed.insert(key) }
            return result
        }

        private mutating func step(_ p: Int, _ s: Int) -> Bool {
            guard p < pattern.count else { return s == path.count }
            switch pattern[p] {
            case "*" where p + 1 < pattern.count && pattern[p + 1] == "*":
                return matchAnyFolders(after: p + 2, from: s)
            case "*":
                var end = s
                while true {
                    if match(p + 1, end) { return true }
                    guard end < path.count, path[end] != "/" else { return false }
                    end += 1
                }
            case "?":
                return s < path.count && path[s] != "/" && match(p + 1, s + 1)
            case let literal:
                return s < path.count && path[s] == literal && match(p + 1, s + 1)
            }
        }

        /// `**/` matches zero or more whole folders; a `**` not followed by `/` matches anything.
        private mutating func matchAnyFolders(after p: Int, from s: Int) -> Bool {
            if p < pattern.count && pattern[p] == "/" {
                if match(p + 1, s) { return true }
                for end in s..<path.count where path[end] == "/" {
                    if match(p + 1, end + 1) { return true }
                }
                return false
            }
            for end in s...path.count where match(p, end) {
                return true
            }
            return false
        }
    }
}

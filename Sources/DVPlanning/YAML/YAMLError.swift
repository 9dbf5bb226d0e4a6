/// A YAML problem that stops or spoils reading a document, with where it is.
public enum YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libyaml rejected the text (`problem`, e.g. "did not find expected key").
    case syntax(problem: String, location: SourceLocation)
    /// The bytes are not UTF-8.
    case invalidUTF8(location: SourceLocation)
    /// A tab in a line's indentation, which YAML forbids.
    case tabIndentation(location: SourceLocation)
    /// A second `---` document; a job file holds one.
    case multipleDocuments(location: SourceLocation)
    /// Collections nested deeper than `limit`.
    case tooDeep(limit: Int, location: SourceLocation)
    /// Aliases expand to more than `limit` nodes (a "billion laughs" document).
    case tooManyNodes(limit: Int, location: SourceLocation)
    /// `*name` with no `&name` before it.
    case unknownAlias(name: String, location: SourceLocation)
    /// A mapping key written twice; `first` is where it was written first.
    case duplicateKey(key: String, first: SourceLocation, location: SourceLocation)

    /// Where the problem is.
    public var location: SourceLocation {
        switch self {
        case .syntax(_, let location), .invalidUTF8(let location), .tabIndentation(let location),
            .multipleDocuments(let location), .tooDeep(_, let location), .tooManyNodes(_, let location),
            .unknownAlias(_, let location), .duplicateKey(_, _, let location):
            return location
        }
    }

    /// What went wrong and how to fix it.
    public var message: String {
        switch self {
        case .syntax(let problem, _):
            return "YAML syntax error: \(problem)"
        case .invalidUTF8:
            return "the file is not valid UTF-8; save it as UTF-8"
        case .tabIndentation:
            return "tab character in indentation; YAML indents with spaces only"
        case .multipleDocuments:
            return "a second YAML document ('---'); a job file holds exactly one job"
        case .tooDeep(let limit, _):
            return "nesting deeper than \(limit) levels; a job file never needs that many"
        case .tooManyNodes(let limit, _):
            return "aliases expand to more than \(limit) nodes; remove the recursive anchors"
        case .unknownAlias(let name, _):
            return "alias '*\(name)' refers to no anchor '&\(name)' defined before it"
        case .duplicateKey(let key, let first, _):
            return "duplicate key '\(key)' (first written at line \(first.line), column \(first.column)); keep one"
        }
    }

    public var description: String { "\(location): error: \(message)" }

    /// The problem as an error diagnostic.
    public var diagnostic: Diagnostic { Diagnostic(.error, at: location, message) }
}

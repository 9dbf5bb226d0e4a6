/// A place in a text file: 1-based line and column, and for a place in a preset the places of the
/// `extends:` entries that brought it in. Orders by file, then line, then column, then that chain.
public struct SourceLocation: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    /// The `extends:` entries that included this file, nearest first (the job's own last); empty in the job.
    public var includedFrom: [SourceLocation]

    public init(file: String, line: Int, column: Int, includedFrom: [SourceLocation] = []) {
        self.file = file
        self.line = line
        self.column = column
        self.includedFrom = includedFrom
    }

    /// `FILE:LINE:COLUMN`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }

    /// `(included from jobs/dec.yaml:1:10)`, one place per level, or nothing in the job itself.
    public var inclusion: String {
        includedFrom.isEmpty ? "" : "(" + includedFrom.map { "included from \($0)" }.joined(separator: ", ") + ")"
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        if (lhs.file, lhs.line, lhs.column) != (rhs.file, rhs.line, rhs.column) {
            return (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
        }
        return lhs.includedFrom.lexicographicallyPrecedes(rhs.includedFrom)
    }

    private enum CodingKeys: String, CodingKey {
        case file, line, column
        case includedFrom = "included_from"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            file: try container.decode(String.self, forKey: .file), line: try container.decode(Int.self, forKey: .line),
            column: try container.decode(Int.self, forKey: .column),
            includedFrom: try container.decodeIfPresent([SourceLocation].self, forKey: .includedFrom) ?? [])
    }

    /// Writes `included_from` only for a place in a preset, so a job without `extends:` encodes as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(line, forKey: .line)
        try container.encode(column, forKey: .column)
        if !includedFrom.isEmpty {
            try container.encode(includedFrom, forKey: .includedFrom)
        }
    }
}

/// A place in a text file: 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `FILE:LINE:COLUMN`, as compilers print it.
    public var description: String { "\(file):\(line):\(column)" }
}

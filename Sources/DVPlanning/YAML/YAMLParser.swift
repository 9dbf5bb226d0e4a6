internal import CLibYAML

/// Reads YAML text into a `YAMLNode` tree through libyaml's event API, keeping every node's place.
///
/// Bounds nesting depth and alias expansion, so hostile input ends in an error, never a hang.
public struct YAMLParser: Sendable {
    /// Collections nested deeper than this are an error.
    public var maximumDepth: Int
    /// A document whose nodes, aliases expanded, number more than this is an error.
    public var maximumNodes: Int

    public init(maximumDepth: Int = 64, maximumNodes: Int = 100_000) {
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
    }

    /// Parses exactly one document from `bytes` (UTF-8), naming `file` in every location.
    ///
    /// Throws the first problem that stops reading; problems that do not (duplicate keys) come back in
    /// the document.
    public func parse(_ bytes: [UInt8], file: String) throws(YAMLError) -> YAMLDocument {
        try TextCheck(bytes: bytes, file: file).run()
        let document = try Self.withParser(bytes) { parser throws(YAMLError) -> YAMLDocument in
            var builder = YAMLTreeBuilder(file: file, maximumDepth: maximumDepth, maximumNodes: maximumNodes)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(parser, &event) == 1 else {
                    throw parseFailure(parser.pointee, bytes: bytes, file: file)
                }
                defer { yaml_event_delete(&event) }
                if try builder.consume(event) {
                    break
                }
            }
            return YAMLDocument(root: builder.root, problems: builder.problems)
        }
        guard let document else {
            throw .syntax(problem: "libyaml could not start (out of memory)", location: SourceLocation(file: file, line: 1, column: 1))
        }
        return document
    }

    /// Runs `body` with a libyaml parser reading `bytes` as UTF-8; nil when libyaml cannot start.
    static func withParser<Result>(
        _ bytes: [UInt8], _ body: (UnsafeMutablePointer<yaml_parser_t>) throws(YAMLError) -> Result
    ) throws(YAMLError) -> Result? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { return nil }
        defer { yaml_parser_delete(parser) }
        // libyaml reads from this buffer while parsing, so it is owned here and freed only after the parser.
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { buffer.deallocate() }
        _ = buffer.initialize(from: bytes)
        yaml_parser_set_input_string(parser, buffer.baseAddress, bytes.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        return try body(parser)
    }

    /// Parses a string (tests, tools).
    public func parse(_ text: String, file: String) throws(YAMLError) -> YAMLDocument {
        try parse(Array(text.utf8), file: file)
    }

    private func parseFailure(_ state: yaml_parser_t, bytes: [UInt8], file: String) -> YAMLError {
        let problem = state.problem.map { String(cString: $0) } ?? "unreadable YAML"
        if state.error == YAML_READER_ERROR {
            let location = TextCheck(bytes: bytes, file: file).location(ofByte: Int(state.problem_offset))
            return .syntax(problem: problem, location: location)
        }
        var text = problem
        if let context = state.context.map({ String(cString: $0) }) {
            let mark = state.context_mark
            text += " (\(context) that starts at line \(mark.line + 1), column \(mark.column + 1))"
        }
        let mark = state.problem_mark
        return .syntax(problem: text, location: SourceLocation(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1))
    }
}

internal import CLibYAML

/// A node of a YAML document with the bytes it covers, for editing the text in place (`JobFileEdit`).
///
/// Offsets come from libyaml's marks (which count characters) turned into byte offsets of the text given.
struct YAMLSpan {
    /// What the node holds.
    enum Content {
        /// Text; `isPlain` is false when it was quoted or a block scalar.
        case scalar(String, isPlain: Bool)
        /// Key/value pairs in the order written.
        case mapping([Entry])
        /// Items in order.
        case sequence([YAMLSpan])
        /// `*name`: stands for a node written elsewhere.
        case alias
    }

    /// One key/value pair of a mapping.
    struct Entry {
        var key: YAMLSpan
        var value: YAMLSpan
    }

    var content: Content
    /// Byte offset of the node's first character (or indicator).
    var start: Int
    /// Byte offset just past the node; for a block collection, where libyaml saw the next token.
    var end: Int
    /// 0-based column of the first character, in characters.
    var column: Int
    /// True for `{…}` and `[…]`.
    var isFlow: Bool

    /// The pairs of a mapping, or nil.
    var entries: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// The text of a scalar, or nil.
    var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for a plain scalar YAML reads as null.
    var isNull: Bool {
        guard case .scalar(let text, true) = content else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// Byte offset just past the node's last written character: a block collection ends where its last
    /// value does (libyaml's end of a block collection is the next token, past comments and blank lines).
    var contentEnd: Int {
        switch content {
        case .mapping(let entries) where !isFlow:
            return entries.last.map(Self.end(of:)) ?? start
        case .sequence(let items) where !isFlow:
            return items.last.map(\.contentEnd) ?? start
        default:
            return end
        }
    }

    /// Byte offset just past a mapping entry's last written character.
    static func end(of entry: Entry) -> Int {
        entry.value.isEmptyPlain ? entry.key.end : max(entry.key.end, entry.value.contentEnd)
    }

    /// An empty plain scalar (`key:` with nothing after), whose marks may point at the next token.
    private var isEmptyPlain: Bool {
        if case .scalar("", true) = content { return true }
        return false
    }

    /// The value for `key` in a mapping.
    func value(for key: String) -> YAMLSpan? {
        entries?.first { $0.key.scalar == key }?.value
    }

    /// The key node for `key` in a mapping.
    func key(_ key: String) -> YAMLSpan? {
        entries?.first { $0.key.scalar == key }?.key
    }
}

/// Reads the single document of YAML bytes into a `YAMLSpan` tree; nil when libyaml cannot read it.
///
/// Meant for text `YAMLParser` has already accepted (so depth and aliases are already bounded).
enum YAMLSpanReader {
    private struct Frame {
        var isMapping: Bool
        var start: Int
        var column: Int
        var isFlow: Bool
        var items: [YAMLSpan] = []
    }

    static func read(_ bytes: [UInt8]) -> YAMLSpan? {
        // libyaml skips a byte order mark without counting it.
        let skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let content = Array(bytes.dropFirst(skipped))
        // libyaml's mark index counts characters; this maps each to its byte offset in `bytes`.
        var offsets: [Int] = []
        offsets.reserveCapacity(content.count + 1)
        for (index, byte) in content.enumerated() where byte & 0xC0 != 0x80 {
            offsets.append(index + skipped)
        }
        offsets.append(content.count + skipped)
        func offset(_ mark: yaml_mark_t) -> Int { offsets[min(Int(mark.index), offsets.count - 1)] }

        let root = try? YAMLParser.withParser(content) { parser in spans(parser, offset: offset) }
        return root ?? nil
    }

    /// The tree of the events `parser` reads; nil when it stops on an error.
    private static func spans(_ parser: UnsafeMutablePointer<yaml_parser_t>, offset: (yaml_mark_t) -> Int) -> YAMLSpan? {
        var stack: [Frame] = []
        var root: YAMLSpan?
        func attach(_ span: YAMLSpan) {
            if stack.isEmpty {
                root = root ?? span
            } else {
                stack[stack.count - 1].items.append(span)
            }
        }
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else { return nil }
            defer { yaml_event_delete(&event) }
            let start = offset(event.start_mark)
            let column = Int(event.start_mark.column)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_SCALAR_EVENT:
                attach(
                    YAMLSpan(
                        content: .scalar(event.scalarText, isPlain: event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE), start: start,
                        end: offset(event.end_mark),
                        column: column, isFlow: false))
            case YAML_ALIAS_EVENT:
                attach(YAMLSpan(content: .alias, start: start, end: offset(event.end_mark), column: column, isFlow: false))
            case YAML_SEQUENCE_START_EVENT:
                stack.append(
                    Frame(isMapping: false, start: start, column: column, isFlow: event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE))
            case YAML_MAPPING_START_EVENT:
                stack.append(
                    Frame(isMapping: true, start: start, column: column, isFlow: event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { return nil }
                let content: YAMLSpan.Content
                if frame.isMapping {
                    content = .mapping(
                        stride(from: 0, to: frame.items.count - 1, by: 2).map { YAMLSpan.Entry(key: frame.items[$0], value: frame.items[$0 + 1]) })
                } else {
                    content = .sequence(frame.items)
                }
                attach(YAMLSpan(content: content, start: frame.start, end: offset(event.end_mark), column: frame.column, isFlow: frame.isFlow))
            default:
                break
            }
        }
    }
}

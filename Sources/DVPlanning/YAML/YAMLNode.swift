/// One node of a parsed YAML document: a scalar, a sequence or a mapping, with the place it starts.
public struct YAMLNode: Sendable, Hashable {
    /// What the node holds.
    public enum Content: Sendable, Hashable {
        /// Text; `isPlain` is false when it was quoted or a block scalar (so `"1"` stays text).
        case scalar(String, isPlain: Bool)
        /// Items in order.
        case sequence([YAMLNode])
        /// Key/value pairs in the order written.
        case mapping([Entry])
    }

    /// One key/value pair of a mapping.
    public struct Entry: Sendable, Hashable {
        public var key: YAMLNode
        public var value: YAMLNode

        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    public var content: Content
    /// Where the node starts (for a collection, its first character or indicator).
    public var location: SourceLocation

    public init(_ content: Content, at location: SourceLocation) {
        self.content = content
        self.location = location
    }

    /// The text of a scalar node, or nil for a collection.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for a plain scalar that YAML reads as null: empty, `~`, `null`.
    public var isNull: Bool {
        guard case .scalar(let text, true) = content else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(text)
    }

    /// True for a plain (unquoted) scalar.
    public var isPlainScalar: Bool {
        if case .scalar(_, true) = content { return true }
        return false
    }

    /// The items of a sequence, or nil.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// The pairs of a mapping, or nil.
    public var entries: [Entry]? {
        if case .mapping(let entries) = content { return entries }
        return nil
    }

    /// How a message names what the node is: "a mapping", "a list", "null", or the quoted text.
    public var summary: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _):
            if isNull { return "nothing" }
            let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "'\(short)'"
        }
    }
}

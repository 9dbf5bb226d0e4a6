internal import CLibYAML

/// Turns libyaml events into a `YAMLNode` tree without recursion, counting nodes as aliases expand them.
struct YAMLTreeBuilder {
    private enum Collection {
        case sequence([YAMLNode])
        case mapping([YAMLNode.Entry], pendingKey: YAMLNode?, seen: [String: SourceLocation])
    }

    private struct Frame {
        var collection: Collection
        var location: SourceLocation
        var anchor: String?
        /// Nodes under this one, aliases expanded, plus itself.
        var weight: Int
    }

    let file: String
    let maximumDepth: Int
    let maximumNodes: Int
    private(set) var root: YAMLNode?
    private(set) var problems: [YAMLError] = []
    private var stack: [Frame] = []
    private var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
    private var expandedNodes = 0
    private var documents = 0

    init(file: String, maximumDepth: Int, maximumNodes: Int) {
        self.file = file
        self.maximumDepth = maximumDepth
        self.maximumNodes = maximumNodes
    }

    /// Takes one event; returns true at the end of the stream.
    mutating func consume(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let location = SourceLocation(
            file: file, line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                throw .multipleDocuments(location: location)
            }
        case YAML_SCALAR_EVENT:
            let node = YAMLNode(.scalar(event.scalarText, isPlain: event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE), at: location)
            try count(1, at: location)
            remember(node, weight: 1, anchor: Self.name(event.data.scalar.anchor))
            attach(node, weight: 1)
        case YAML_ALIAS_EVENT:
            let name = Self.name(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                throw .unknownAlias(name: name, location: location)
            }
            try count(target.weight, at: location)
            // The alias stands where it is used: a problem with its value is reported there.
            var used = target.node
            used.location = location
            attach(used, weight: target.weight)
        case YAML_SEQUENCE_START_EVENT:
            try open(.sequence([]), at: location, anchor: Self.name(event.data.sequence_start.anchor))
        case YAML_MAPPING_START_EVENT:
            try open(.mapping([], pendingKey: nil, seen: [:]), at: location, anchor: Self.name(event.data.mapping_start.anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            close()
        default:
            break
        }
        return false
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private mutating func count(_ nodes: Int, at location: SourceLocation) throws(YAMLError) {
        expandedNodes += nodes
        if expandedNodes > maximumNodes {
            throw .tooManyNodes(limit: maximumNodes, location: location)
        }
    }

    private mutating func open(_ collection: Collection, at location: SourceLocation, anchor: String?) throws(YAMLError) {
        if stack.count >= maximumDepth {
            throw .tooDeep(limit: maximumDepth, location: location)
        }
        try count(1, at: location)
        stack.append(Frame(collection: collection, location: location, anchor: anchor, weight: 1))
    }

    private mutating func close() {
        guard let frame = stack.popLast() else { return }
        let node: YAMLNode
        switch frame.collection {
        case .sequence(let items):
            node = YAMLNode(.sequence(items), at: frame.location)
        case .mapping(let entries, _, _):
            node = YAMLNode(.mapping(entries), at: frame.location)
        }
        remember(node, weight: frame.weight, anchor: frame.anchor)
        attach(node, weight: frame.weight)
    }

    private mutating func remember(_ node: YAMLNode, weight: Int, anchor: String?) {
        if let anchor {
            anchors[anchor] = (node, weight)
        }
    }

    private mutating func attach(_ node: YAMLNode, weight: Int) {
        guard var frame = stack.popLast() else {
            root = node
            return
        }
        frame.weight += weight
        let collection = frame.collection
        // Drop the frame's reference first, so appending does not copy the array.
        frame.collection = .sequence([])
        switch consume collection {
        case .sequence(var items):
            items.append(node)
            frame.collection = .sequence(items)
        case .mapping(var entries, let pendingKey, var seen):
            if let key = pendingKey {
                entries.append(YAMLNode.Entry(key: key, value: node))
                frame.collection = .mapping(entries, pendingKey: nil, seen: seen)
            } else {
                if let text = node.scalar {
                    if let first = seen[text] {
                        problems.append(.duplicateKey(key: text, first: first, location: node.location))
                    } else {
                        seen[text] = node.location
                    }
                }
                frame.collection = .mapping(entries, pendingKey: node, seen: seen)
            }
        }
        stack.append(frame)
    }
}

extension yaml_event_t {
    /// A scalar event's text.
    var scalarText: String {
        let scalar = data.scalar
        return scalar.value.map { String(decoding: UnsafeBufferPointer(start: $0, count: scalar.length), as: UTF8.self) } ?? ""
    }
}

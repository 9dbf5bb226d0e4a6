extension YAMLNode {
    /// The node as block YAML that reads back to the same tree: plain scalars as written, quoted ones in
    /// double quotes. A value written in another file than `home` (a preset's) ends with `# FILE:LINE`.
    public func yamlText(home: String) -> String {
        var lines: [String] = []
        YAMLWriter(home: home).write(self, indent: 0, into: &lines)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Writes a `YAMLNode` tree as block YAML, line by line.
private struct YAMLWriter {
    let home: String

    func write(_ node: YAMLNode, indent: Int, into lines: inout [String]) {
        let pad = String(repeating: " ", count: indent)
        guard node.isCollection else {
            lines.append(pad + inline(node))
            return
        }
        switch node.content {
        case .scalar:
            break
        case .sequence(let items):
            for item in items {
                if item.isCollection {
                    var nested: [String] = []
                    write(item, indent: indent + 2, into: &nested)
                    lines.append(pad + "- " + nested[0].dropFirst(indent + 2))
                    lines += nested.dropFirst()
                } else {
                    lines.append(pad + "- " + inline(item))
                }
            }
        case .mapping(let entries):
            for entry in entries {
                let key = pad + text(of: entry.key) + ":"
                if entry.value.isCollection {
                    lines.append(key + origin(of: entry.key))
                    write(entry.value, indent: indent + 2, into: &lines)
                } else {
                    lines.append(key + " " + inline(entry.value))
                }
            }
        }
    }

    /// A scalar, an empty list or an empty mapping on one line, with its origin.
    private func inline(_ node: YAMLNode) -> String {
        switch node.content {
        case .scalar: text(of: node) + origin(of: node)
        case .sequence: "[]" + origin(of: node)
        case .mapping: "{}" + origin(of: node)
        }
    }

    private func text(of node: YAMLNode) -> String {
        guard case .scalar(let text, let isPlain) = node.content else { return "" }
        if isPlain { return text.isEmpty ? "null" : text }
        return YAMLNode.doubleQuoted(text)
    }

    private func origin(of node: YAMLNode) -> String {
        node.location.file == home ? "" : "  # \(node.location.file):\(node.location.line)"
    }
}

extension YAMLNode {
    /// A non-empty sequence or mapping, written over several lines.
    fileprivate var isCollection: Bool {
        switch content {
        case .scalar: false
        case .sequence(let items): !items.isEmpty
        case .mapping(let entries): !entries.isEmpty
        }
    }
}

extension YAMLNode {
    /// `text` as a YAML double-quoted scalar: `\\`, `\"` and control characters (line breaks, tabs,
    /// `\x07`, YAML's own `\N`, `\L`, `\P`) escaped, everything else as it is.
    static func doubleQuoted(_ text: String) -> String {
        var quoted = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case "\u{85}": quoted += "\\N"
            case "\u{2028}": quoted += "\\L"
            case "\u{2029}": quoted += "\\P"
            case _ where character.value < 0x20 || character.value == 0x7F:
                quoted += "\\x" + (character.value < 0x10 ? "0" : "") + String(character.value, radix: 16, uppercase: true)
            default: quoted.unicodeScalars.append(character)
            }
        }
        return quoted + "\""
    }
}

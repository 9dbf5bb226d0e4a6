/// The XMP properties the Motion Photo layouts read, from an XMP packet (RDF/XML) scanned by a small tolerant
/// tag reader rather than a full XML parser. Names are resolved through the packet's `xmlns` declarations (or,
/// for a prefix used undeclared, the namespace Google's writers give it), so `Camera:` and `GCamera:` name the
/// same property. A simple property may be an attribute or an element with text. Entities are not decoded:
/// the values read (numbers, MIME types, semantics) hold none. Values are trimmed; the first one of a name wins.
struct XMPProperties {
    /// A property's name: its namespace URI and local name.
    private struct Name: Hashable {
        var namespace: String
        var local: String
    }

    private static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"
    private static let containerNamespace = "http://ns.google.com/photos/1.0/container/"
    private static let itemNamespace = "http://ns.google.com/photos/1.0/container/item/"
    /// The namespaces of the prefixes Google's writers use.
    private static let conventionalPrefixes = [
        "Camera": cameraNamespace, "GCamera": cameraNamespace, "Container": containerNamespace,
        "GContainer": containerNamespace, "Item": itemNamespace
    ]

    /// The properties outside the directory's items.
    private var properties: [Name: String] = [:]
    /// Each `Container:Item`'s properties in the item namespace, by local name, in the directory's order.
    private(set) var items: [[String: String]] = []

    init(packet: ArraySlice<UInt8>) {
        var reader = TagReader(bytes: packet, position: packet.startIndex)
        var prefixes = Self.conventionalPrefixes
        var open: [(name: Name?, text: String, hasChildren: Bool)] = []
        // How many elements were open around the current item's element.
        var itemDepth: Int?
        while let tag = reader.next() {
            switch tag {
            case .text(let text):
                if !open.isEmpty { open[open.count - 1].text += text }
            case .start(let qualifiedName, let attributes, let closes):
                for (key, value) in attributes where key.hasPrefix("xmlns:") {
                    prefixes[String(key.dropFirst(6))] = value
                }
                if !open.isEmpty { open[open.count - 1].hasChildren = true }
                let name = Self.name(qualifiedName, prefixes)
                let isItem = name == Name(namespace: Self.containerNamespace, local: "Item")
                if isItem {
                    items.append([:])
                    itemDepth = open.count
                }
                for (key, value) in attributes {
                    if let attribute = Self.name(key, prefixes) { record(attribute, value, inItem: itemDepth != nil) }
                }
                if !closes {
                    open.append((name, "", false))
                } else if isItem {
                    itemDepth = nil
                }
            case .end:
                guard let element = open.popLast() else { continue }
                if !element.hasChildren, let name = element.name { record(name, element.text, inItem: itemDepth != nil) }
                if itemDepth == open.count { itemDepth = nil }
            }
        }
    }

    /// The value of the camera namespace's property `local` (`Camera:` or `GCamera:`).
    func cameraValue(_ local: String) -> String? {
        properties[Name(namespace: Self.cameraNamespace, local: local)]
    }

    /// Keeps the first non-empty value of `name`, in the current item or outside the items.
    private mutating func record(_ name: Name, _ value: String, inItem: Bool) {
        guard let first = value.firstIndex(where: { !$0.isWhitespace }), let last = value.lastIndex(where: { !$0.isWhitespace })
        else { return }
        let trimmed = String(value[first...last])
        if inItem, let item = items.indices.last {
            if name.namespace == Self.itemNamespace, items[item][name.local] == nil { items[item][name.local] = trimmed }
        } else if properties[name] == nil {
            properties[name] = trimmed
        }
    }

    /// The namespace and local name of `prefix:local`, or nil when it has no prefix or the prefix is unknown.
    private static func name(_ qualifiedName: String, _ prefixes: [String: String]) -> Name? {
        guard let colon = qualifiedName.firstIndex(of: ":"),
            let namespace = prefixes[String(qualifiedName[..<colon])]
        else { return nil }
        return Name(namespace: namespace, local: String(qualifiedName[qualifiedName.index(after: colon)...]))
    }
}

/// One piece of XML text, as `TagReader` returns them.
private enum Tag {
    case start(name: String, attributes: [(String, String)], closes: Bool)
    case end
    case text(String)
}

/// Splits XML text into start tags (with their attributes), end tags and text. Comments, processing
/// instructions and declarations are skipped; anything it cannot read ends the text.
private struct TagReader {
    /// The bytes that end a name: XML white space, `=`, `/` and `>`.
    private static let nameEnds: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">")]

    let bytes: ArraySlice<UInt8>
    var position: Int

    /// The next tag or text, or nil at the end or at something unreadable.
    mutating func next() -> Tag? {
        while position < bytes.endIndex {
            guard bytes[position] == UInt8(ascii: "<") else {
                let end = bytes[position...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.endIndex
                let text = String(decoding: bytes[position..<end], as: UTF8.self)
                position = end
                return .text(text)
            }
            switch byte(at: position + 1) {
            case UInt8(ascii: "?"):
                guard skip(past: Array("?>".utf8)) else { return nil }
            case UInt8(ascii: "!"):
                let isComment = bytes[position...].starts(with: "<!--".utf8)
                guard skip(past: Array((isComment ? "-->" : ">").utf8)) else { return nil }
            case UInt8(ascii: "/"):
                return skip(past: Array(">".utf8)) ? .end : nil
            default:
                position += 1
                return startTag()
            }
        }
        return nil
    }

    /// A start tag's name and attributes, read from just after its `<`.
    private mutating func startTag() -> Tag? {
        let name = word()
        guard !name.isEmpty else { return nil }
        var attributes: [(String, String)] = []
        while true {
            skipSpace()
            switch byte(at: position) {
            case UInt8(ascii: ">"):
                position += 1
                return .start(name: name, attributes: attributes, closes: false)
            case UInt8(ascii: "/"):
                guard byte(at: position + 1) == UInt8(ascii: ">") else { return nil }
                position += 2
                return .start(name: name, attributes: attributes, closes: true)
            case nil:
                return nil
            default:
                let key = word()
                skipSpace()
                guard !key.isEmpty, byte(at: position) == UInt8(ascii: "=") else { return nil }
                position += 1
                skipSpace()
                guard let quote = byte(at: position), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                    let end = bytes[(position + 1)...].firstIndex(of: quote)
                else { return nil }
                attributes.append((key, String(decoding: bytes[(position + 1)..<end], as: UTF8.self)))
                position = end + 1
            }
        }
    }

    /// The byte at `index`, or nil past the end.
    private func byte(at index: Int) -> UInt8? {
        index < bytes.endIndex ? bytes[index] : nil
    }

    /// Moves past the next `terminator`; false (at the end) when there is none.
    private mutating func skip(past terminator: [UInt8]) -> Bool {
        var candidate = position
        while let found = bytes[candidate...].firstIndex(of: terminator[0]) {
            if bytes[found...].starts(with: terminator) {
                position = found + terminator.count
                return true
            }
            candidate = found + 1
        }
        position = bytes.endIndex
        return false
    }

    /// Moves past XML white space.
    private mutating func skipSpace() {
        while let next = byte(at: position), next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D {
            position += 1
        }
    }

    /// A name: the bytes up to white space, `=`, `/`, `>` or the end.
    private mutating func word() -> String {
        let start = position
        while let next = byte(at: position), !Self.nameEnds.contains(next) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }
}

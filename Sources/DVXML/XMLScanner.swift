/// An element's or attribute's name: its namespace (resolved through the `xmlns` declarations in scope,
/// nil when it has none or its prefix is declared nowhere) and its local name.
package struct XMLName: Hashable, Sendable {
    package var namespace: String?
    package var local: String

    package init(namespace: String?, local: String) {
        self.namespace = namespace
        self.local = local
    }
}

/// One attribute of a start tag, its value with entities decoded. `xmlns` declarations are not attributes.
package struct XMLAttribute: Sendable {
    package var name: XMLName
    package var value: String
}

/// One piece of an XML text, in document order, as `XMLScanner` reads them.
package enum XMLEvent: Sendable {
    /// A start tag; `isEmpty` for `<name/>`, which has no end tag and no content.
    case start(name: XMLName, attributes: [XMLAttribute], isEmpty: Bool)
    /// The end tag of the innermost open element.
    case end(name: XMLName)
    /// Character data inside an element (CDATA sections included) with entities decoded.
    case text(String)
}

/// A small XML reader for the files dvpipe reads (XMP packets and sidecars, OpenCV's cascade files): start
/// tags with namespace-resolved names, end tags and text, with the predefined and numeric entities decoded.
/// It is tolerant, not validating: comments, processing instructions and declarations (a DTD included) are
/// skipped, an end tag that does not close the innermost open element is ignored, and anything it cannot
/// read (a tag cut off, an attribute without a quoted value) ends the document. It never reads past its bytes.
package struct XMLScanner: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var position = 0
    /// The open elements: each one's qualified name, resolved name and the prefixes in scope inside it.
    private var open: [(qualified: String, name: XMLName, prefixes: [String: String])] = []
    /// The prefixes in scope at the document's top: the caller's conventional ones, and `xml`.
    private let topPrefixes: [String: String]

    /// A scanner of `bytes` (UTF-8). `undeclaredPrefixes` gives the namespaces of prefixes that writers use
    /// without declaring them (XMP sidecars often write `exif:` bare); a declaration in the text wins.
    package init(_ bytes: some Sequence<UInt8>, undeclaredPrefixes: [String: String] = [:]) {
        self.bytes = Array(bytes)
        var prefixes = undeclaredPrefixes
        prefixes["xml"] = "http://www.w3.org/XML/1998/namespace"
        topPrefixes = prefixes
    }

    /// The next event, or nil at the end or at something unreadable.
    package mutating func next() -> XMLEvent? {
        while position < bytes.endIndex {
            guard bytes[position] == UInt8(ascii: "<") else {
                let end = bytes[position...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.endIndex
                let text = bytes[position..<end]
                position = end
                // White space around the root element is no character data.
                if !open.isEmpty { return .text(Self.decoded(text)) }
                continue
            }
            if starts(with: "<![CDATA[") {
                let start = position + 9
                guard skip(past: "]]>") else { return nil }
                return .text(String(decoding: bytes[start..<(position - 3)], as: UTF8.self))
            }
            switch byte(at: position + 1) {
            case UInt8(ascii: "?"):
                guard skip(past: "?>") else { return nil }
            case UInt8(ascii: "!"):
                guard skipDeclaration() else { return nil }
            case UInt8(ascii: "/"):
                position += 2
                let qualified = word()
                skipSpace()
                guard byte(at: position) == UInt8(ascii: ">") else { return nil }
                position += 1
                if let innermost = open.last, innermost.qualified == qualified {
                    open.removeLast()
                    return .end(name: innermost.name)
                }
            default:
                position += 1
                return startTag()
            }
        }
        return nil
    }

    /// A start tag, read from just after its `<`: its attributes read, its declarations put in scope.
    private mutating func startTag() -> XMLEvent? {
        let qualified = word()
        guard !qualified.isEmpty else { return nil }
        var raw: [(String, String)] = []
        var isEmpty = false
        reading: while true {
            skipSpace()
            switch byte(at: position) {
            case UInt8(ascii: ">"):
                position += 1
                break reading
            case UInt8(ascii: "/"):
                guard byte(at: position + 1) == UInt8(ascii: ">") else { return nil }
                position += 2
                isEmpty = true
                break reading
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
                raw.append((key, Self.decoded(bytes[(position + 1)..<end])))
                position = end + 1
            }
        }
        var prefixes = open.last?.prefixes ?? topPrefixes
        for (key, value) in raw {
            if key == "xmlns" {
                prefixes[""] = value
            } else if key.hasPrefix("xmlns:") {
                prefixes[String(key.dropFirst(6))] = value
            }
        }
        let name = Self.resolved(qualified, prefixes, isElement: true)
        let attributes = raw.filter { $0.0 != "xmlns" && !$0.0.hasPrefix("xmlns:") }.map {
            XMLAttribute(name: Self.resolved($0.0, prefixes, isElement: false), value: $0.1)
        }
        if !isEmpty { open.append((qualified, name, prefixes)) }
        return .start(name: name, attributes: attributes, isEmpty: isEmpty)
    }

    /// `prefix:local` resolved; an unprefixed element takes the default namespace, an unprefixed attribute none.
    private static func resolved(_ qualified: String, _ prefixes: [String: String], isElement: Bool) -> XMLName {
        guard let colon = qualified.firstIndex(of: ":") else {
            return XMLName(namespace: isElement ? prefixes[""].flatMap { $0.isEmpty ? nil : $0 } : nil, local: qualified)
        }
        return XMLName(namespace: prefixes[String(qualified[..<colon])], local: String(qualified[qualified.index(after: colon)...]))
    }

    /// `text` with `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;` and `&#N;`/`&#xH;` decoded; any other `&` is kept.
    static func decoded(_ text: ArraySlice<UInt8>) -> String {
        guard text.contains(UInt8(ascii: "&")) else { return String(decoding: text, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            guard byte == UInt8(ascii: "&"), let semicolon = text[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                let scalar = entity(String(decoding: text[(index + 1)..<semicolon], as: UTF8.self))
            else {
                out.append(byte)
                index += 1
                continue
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            index = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an entity's name (between `&` and `;`) stands for.
    private static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init)
        }
    }

    /// The byte at `index`, or nil past the end.
    private func byte(at index: Int) -> UInt8? {
        index < bytes.endIndex ? bytes[index] : nil
    }

    private func starts(with marker: String) -> Bool {
        bytes[position...].starts(with: marker.utf8)
    }

    /// Moves past a comment or a declaration (`<!DOCTYPE …>`, with an internal subset in brackets).
    private mutating func skipDeclaration() -> Bool {
        if starts(with: "<!--") { return skip(past: "-->") }
        var depth = 0
        while let next = byte(at: position) {
            position += 1
            if next == UInt8(ascii: "[") { depth += 1 }
            if next == UInt8(ascii: "]") { depth -= 1 }
            if next == UInt8(ascii: ">"), depth <= 0 { return true }
        }
        return false
    }

    /// Moves past the next `terminator`; false (at the end) when there is none.
    private mutating func skip(past terminator: String) -> Bool {
        let marker = Array(terminator.utf8)
        var candidate = position
        while let found = bytes[candidate...].firstIndex(of: marker[0]) {
            if bytes[found...].starts(with: marker) {
                position = found + marker.count
                return true
            }
            candidate = found + 1
        }
        position = bytes.endIndex
        return false
    }

    /// Whether `byte` ends a name: XML white space, `=`, `/` and `>`.
    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: ">"): true
        default: false
        }
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
        while let next = byte(at: position), !Self.endsName(next) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }
}

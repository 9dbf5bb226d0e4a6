/// Checks raw job-file bytes before libyaml sees them: UTF-8 only, no tabs in indentation.
struct TextCheck {
    let bytes: [UInt8]
    let file: String

    func run() throws(YAMLError) {
        if String(validating: bytes, as: UTF8.self) == nil {
            throw .invalidUTF8(location: firstInvalidUTF8())
        }
        if let tab = firstIndentationTab() {
            throw .tabIndentation(location: tab)
        }
    }

    /// The line and column (in characters) of a byte offset.
    func location(ofByte offset: Int) -> SourceLocation {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = bytes[lineStart..<end].reduce(0) { count, byte in
            byte & 0xC0 == 0x80 ? count : count + 1
        }
        return SourceLocation(file: file, line: line, column: column + 1)
    }

    private func firstInvalidUTF8() -> SourceLocation {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar):
                offset += scalar.count
            case .error:
                return location(ofByte: offset)
            case .emptyInput:
                return location(ofByte: offset)
            }
        }
    }

    private func firstIndentationTab() -> SourceLocation? {
        var line = 1
        var atLineStart = true
        var column = 1
        var tabColumn: Int?
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                line += 1
                atLineStart = true
                column = 1
                tabColumn = nil
                continue
            }
            guard atLineStart else { continue }
            switch byte {
            case UInt8(ascii: " "):
                column += 1
            case UInt8(ascii: "\t"):
                tabColumn = tabColumn ?? column
                column += 1
            case UInt8(ascii: "\r"):
                continue
            default:
                atLineStart = false
                if let tabColumn, byte != UInt8(ascii: "#") {
                    return SourceLocation(file: file, line: line, column: tabColumn)
                }
            }
        }
        return nil
    }
}

import DVPlanning
import Testing

@Suite("YAML parser")
struct YAMLParserTests {
    private func parse(_ text: String) throws -> YAMLDocument {
        try YAMLParser().parse(text, file: "t.yaml")
    }

    private func error(_ text: String, parser: YAMLParser = YAMLParser()) -> YAMLError? {
        do {
            _ = try parser.parse(text, file: "t.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test func nodesCarryOneBasedLocations() throws {
        let marked = MarkedYAML(
            """
            1️⃣top:
              2️⃣inner: 3️⃣value
              list:
                - 4️⃣a
                - 5️⃣{ k: 6️⃣v }
            """)
        let root = try #require(try parse(marked.text).root)
        #expect(root.location == marked.location("1️⃣", file: "t.yaml"))
        let top = try #require(root.entries?.first?.value.entries)
        #expect(top[0].key.location == marked.location("2️⃣", file: "t.yaml"))
        #expect(top[0].value.location == marked.location("3️⃣", file: "t.yaml"))
        #expect(top[0].value.scalar == "value")
        let list = try #require(top[1].value.items)
        #expect(list[0].location == marked.location("4️⃣", file: "t.yaml"))
        #expect(list[1].location == marked.location("5️⃣", file: "t.yaml"))
        #expect(list[1].entries?.first?.value.location == marked.location("6️⃣", file: "t.yaml"))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let marked = MarkedYAML("name: \"Grüße\"\nkey: 1️⃣x")
        let root = try #require(try parse(marked.text).root)
        #expect(root.entries?[1].value.location == marked.location("1️⃣", file: "t.yaml"))
    }

    @Test func quotedScalarsAreNotPlain() throws {
        let root = try #require(try parse("a: \"1\"\nb: 1\nc: ~\nd: '~'").root)
        let values = try #require(root.entries).map(\.value)
        #expect(!values[0].isPlainScalar)
        #expect(values[1].isPlainScalar)
        #expect(values[2].isNull)
        #expect(!values[3].isNull)
    }

    @Test func anchorsAndAliasesShareTheirValue() throws {
        let root = try #require(try parse("a: &w { duration: 3s }\nb: *w\nc: [&x 1, *x]").root)
        let entries = try #require(root.entries)
        #expect(entries[1].value.content == entries[0].value.content)
        #expect(entries[1].value.location.line == 2 && entries[1].value.location.column == 4, "an alias is located where it is used")
        #expect(entries[2].value.items?.map(\.scalar) == ["1", "1"])
    }

    @Test func billionLaughsIsAnErrorNotAHang() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        guard case .tooManyNodes(let limit, let location) = error(text) else {
            Issue.record("expected tooManyNodes")
            return
        }
        #expect(limit == 100_000)
        #expect(location.line == 5)
    }

    @Test func nestingDepthIsBounded() {
        let text = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        guard case .tooDeep(64, let location) = error(text) else {
            Issue.record("expected tooDeep")
            return
        }
        #expect(location.column == 65)
        #expect(error(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) == nil)
    }

    @Test func smallerLimitsCanBeChosen() {
        let parser = YAMLParser(maximumDepth: 2, maximumNodes: 5)
        #expect(error("a: [[1]]", parser: parser)?.message.contains("nesting deeper than 2") == true)
        #expect(error("[1, 2, 3, 4, 5]", parser: parser)?.message.contains("more than 5 nodes") == true)
    }

    @Test func nonUTF8IsAnErrorAtItsPlace() {
        let bytes = Array("a: ok\nb: caf".utf8) + [0xE9] + Array("\n".utf8)
        do {
            _ = try YAMLParser().parse(bytes, file: "t.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error == .invalidUTF8(location: DVPlanning.SourceLocation(file: "t.yaml", line: 2, column: 7)))
            #expect(error.message.contains("UTF-8"))
        }
    }

    @Test func tabsInIndentationAreAnError() {
        #expect(error("a:\n\tb: 1") == .tabIndentation(location: DVPlanning.SourceLocation(file: "t.yaml", line: 2, column: 1)))
        #expect(error("a:\n  \tb: 1") == .tabIndentation(location: DVPlanning.SourceLocation(file: "t.yaml", line: 2, column: 3)))
        #expect(error("a: \"x\ty\"") == nil)
        #expect(error("a: 1\n\t# a comment") == .tabIndentation(location: DVPlanning.SourceLocation(file: "t.yaml", line: 2, column: 1)))
    }

    @Test func duplicateKeysAreReportedWithBothPlaces() throws {
        let marked = MarkedYAML("1️⃣a: 1\nb: 2\n2️⃣a: 3")
        let document = try parse(marked.text)
        #expect(
            document.problems == [
                .duplicateKey(key: "a", first: marked.location("1️⃣", file: "t.yaml"), location: marked.location("2️⃣", file: "t.yaml"))
            ])
        #expect(document.problems.first?.message.contains("line 1, column 1") == true)
    }

    @Test func secondDocumentIsAnError() {
        #expect(error("a: 1\n---\nb: 2") == .multipleDocuments(location: DVPlanning.SourceLocation(file: "t.yaml", line: 2, column: 1)))
        #expect(error("---\na: 1\n...\n") == nil)
    }

    @Test func unknownAliasIsAnError() {
        #expect(error("a: *nope") == .unknownAlias(name: "nope", location: DVPlanning.SourceLocation(file: "t.yaml", line: 1, column: 4)))
    }

    @Test func syntaxErrorsCarryLibyamlsProblemAndPlace() {
        guard case .syntax(let problem, let location) = error("a: [1, 2\nb: 3") else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(problem.contains("flow sequence"))
        #expect(location.line == 2)
    }

    @Test func controlCharactersAreAReaderErrorWithALocation() {
        guard case .syntax(_, let location) = error("a: 1\nb: x\u{1}y") else {
            Issue.record("expected an error")
            return
        }
        #expect(location == DVPlanning.SourceLocation(file: "t.yaml", line: 2, column: 5))
    }

    @Test func emptyInputHasNoRoot() throws {
        #expect(try parse("").root == nil)
        #expect(try parse("# only a comment\n").root == nil)
    }
}

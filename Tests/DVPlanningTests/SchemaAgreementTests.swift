import DVPlanning
import Foundation
import Testing

/// `schemas/job.schema.json` and the parser agree: the example jobs pass both, each invalid job fails both.
@Suite("Schema and parser agree")
struct SchemaAgreementTests {
    private static let exampleJobs = PackagePaths.files(in: PackagePaths.root.appendingPathComponent("jobs"), extensions: ["yaml"])
    private static let invalidJobs = PackagePaths.files(in: PackagePaths.fixtures("invalid"), extensions: ["yaml"])

    /// Runs `scripts/check-schema.sh` on `files` (it picks a Python that has jsonschema and PyYAML, and
    /// fails saying how to install them when none has): the problems the schema finds, per path.
    private func schemaProblems(_ files: [URL]) throws -> [String: [String]] {
        let script = PackagePaths.root.appendingPathComponent("scripts/check-schema.sh").path
        let schema = PackagePaths.root.appendingPathComponent("schemas/job.schema.json").path
        let output = try run([script, schema] + files.map(\.path))
        try #require(output.status == 0, "check-schema.sh failed: \(output.text)")
        return try JSONDecoder().decode([String: [String]].self, from: Data(output.text.utf8))
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func thereAreExamplesAndAnInvalidCorpus() {
        #expect(
            Self.exampleJobs.map(\.lastPathComponent).sorted() == [
                "dec-2024.yaml", "hdr-and-sdr.yaml", "monthly-cron.yaml", "on-the-beat.yaml", "vertical-reel.yaml", "year-2024.yaml"
            ])
        #expect(Self.invalidJobs.count >= 60)
    }

    @Test func exampleJobsPassTheParserWithoutErrors() {
        for file in Self.exampleJobs {
            let result = JobLoader.load(path: file.path)
            #expect(result.errors.isEmpty, "\(file.lastPathComponent): \(result.errors)")
            #expect(result.job != nil)
            #expect(result.warnings.allSatisfy { $0.message.contains("does not exist") }, "\(result.warnings)")
        }
    }

    @Test func exampleJobsPassTheSchema() throws {
        for (file, problems) in try schemaProblems(Self.exampleJobs) {
            #expect(problems.isEmpty, "\(file): \(problems)")
        }
    }

    @Test func exampleJobsDeclareTheSchemaAndExplainThemselves() throws {
        for file in Self.exampleJobs {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasPrefix("# yaml-language-server: $schema=../schemas/job.schema.json\n#\n# "), "\(file.lastPathComponent)")
        }
    }

    /// What an invalid-corpus file says about itself in its leading comment lines: `# expect: LINE:COL`,
    /// `# message: TEXT` (a distinctive part of the error the parser must give there) and, for rules
    /// only the parser can check, `# schema: skip (why)`.
    struct CorpusHeader {
        var line = 0
        var column = 0
        var message = ""
        var schemaSkip = false

        init(_ file: URL) throws {
            let comments = try Data(contentsOf: file).split(separator: UInt8(ascii: "\n")).prefix { $0.first == UInt8(ascii: "#") }
            for comment in comments.map({ String(decoding: $0, as: UTF8.self) }) {
                if comment.hasPrefix("# expect: ") {
                    let place = comment.dropFirst("# expect: ".count).split(separator: ":").compactMap { Int($0) }
                    try #require(place.count == 2, "\(file.lastPathComponent): '\(comment)' is not '# expect: LINE:COL'")
                    (line, column) = (place[0], place[1])
                } else if comment.hasPrefix("# message: ") {
                    message = String(comment.dropFirst("# message: ".count))
                } else if comment.hasPrefix("# schema: skip") {
                    schemaSkip = true
                }
            }
            try #require(line > 0 && !message.isEmpty, "\(file.lastPathComponent) needs '# expect: LINE:COL' and '# message: TEXT' lines")
        }
    }

    @Test(arguments: invalidJobs)
    func invalidJobFailsTheParserAtItsExpectedPlaceWithItsMessage(file: URL) throws {
        let header = try CorpusHeader(file)
        let result = JobLoader.load(path: file.path)
        #expect(result.job == nil)
        let found = result.errors.contains { error in
            error.location.line == header.line && error.location.column == header.column && error.message.contains(header.message)
        }
        let errors = result.errors.map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(found, "\(file.lastPathComponent): no error '\(header.message)' at \(header.line):\(header.column); errors: \(errors)")
    }

    @Test func invalidJobsFailTheSchemaUnlessMarkedSkip() throws {
        let checked = try Self.invalidJobs.filter { try !CorpusHeader($0).schemaSkip }
        #expect(checked.count >= 50)
        let problems = try schemaProblems(checked)
        for file in checked {
            #expect(problems[file.path]?.isEmpty == false, "\(file.lastPathComponent) passes the schema")
        }
    }

    /// Every key the schema describes has a description, on the key or on the definition it refers to,
    /// so an editor can show what each key means.
    @Test func everySchemaKeyHasADescription() throws {
        let data = try Data(contentsOf: PackagePaths.root.appendingPathComponent("schemas/job.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let definitions = try #require(schema["$defs"] as? [String: Any])
        var undescribed: [String] = []
        func describes(_ value: [String: Any]) -> Bool {
            if value["description"] is String { return true }
            guard let reference = value["$ref"] as? String, reference.hasPrefix("#/$defs/") else { return false }
            return (definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any])?["description"] is String
        }
        func walk(_ node: Any, path: String) {
            if let list = node as? [Any] {
                for (index, item) in list.enumerated() { walk(item, path: "\(path)[\(index)]") }
            }
            guard let object = node as? [String: Any] else { return }
            for (key, value) in object {
                if key == "properties", let properties = value as? [String: Any] {
                    for (name, property) in properties {
                        if let property = property as? [String: Any], !describes(property) { undescribed.append("\(path).\(name)") }
                    }
                }
                walk(value, path: key == "properties" ? path : "\(path)/\(key)")
            }
        }
        walk(schema, path: "")
        #expect(undescribed.isEmpty, "keys without a description: \(undescribed.sorted())")
    }

    @Test func schemaKeysMatchTheParsersKeys() throws {
        let data = try Data(contentsOf: PackagePaths.root.appendingPathComponent("schemas/job.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(
            Set(properties.keys)
                == Set([
                    "extends", "looks", "outputs", "version", "name", "library", "timeframe", "selection", "days", "clips", "output", "transition",
                    "audio", "overlays", "captions", "intro", "outro", "layout", "subject"
                ]))
        #expect(schema["additionalProperties"] as? Bool == false)
        #expect(schema["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }
}

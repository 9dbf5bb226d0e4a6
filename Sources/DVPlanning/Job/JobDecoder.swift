import Foundation

/// Reads a job from a YAML tree, collecting a diagnostic for every problem instead of stopping at the first.
struct JobDecoder {
    /// The keys of one mapping in the job, after unknown keys were reported.
    struct Fields {
        /// The mapping itself (missing keys are reported at its place).
        let node: YAMLNode
        /// Dotted name of the mapping (`output.video`), empty at the top.
        let path: String
        let values: [String: YAMLNode.Entry]

        subscript(key: String) -> YAMLNode? { values[key]?.value }

        /// The key node itself (where a conflicting key is reported).
        func keyNode(_ key: String) -> YAMLNode? { values[key]?.key }

        /// `output.video.crf` for `crf`.
        func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    }

    let file: String
    /// The job file's folder: relative paths written in the job resolve against it.
    let directory: String
    /// The folder of each file that gave part of the tree (the job and its presets), by the name locations
    /// give it: a relative path resolves against the folder of the file it was written in.
    let folders: [String: String]
    private(set) var diagnostics: [Diagnostic] = []
    /// The files the job names that exist, for the media layer to open.
    var files: [JobFileReference] = []
    /// The folders (real paths) every path of the job must stay inside (`--confine`), or nil for anywhere.
    let allowedFolders: [String]?
    /// The library folders decoded so far, which pins are relative to.
    var libraryPaths: [String] = []

    init(file: String, directory: String, folders: [String: String] = [:], allowedFolders: [String]? = nil) {
        self.file = file
        self.directory = directory
        self.folders = folders
        self.allowedFolders = allowedFolders
    }

    mutating func error(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(.error, at: node.location, message))
    }

    mutating func warning(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(.warning, at: node.location, message))
    }

    /// The keys of a mapping; reports a non-mapping, keys that are not text, keys not in `allowed` (with a
    /// "did you mean") and `required` keys that are missing.
    mutating func fields(of node: YAMLNode, path: String, allowed: [String], required: [String] = []) -> Fields? {
        guard let entries = node.entries else {
            error(
                "\(path.isEmpty ? "a job file" : path) must be a mapping of keys (\(allowed.joined(separator: ", "))); found \(node.summary)",
                at: node)
            return nil
        }
        var values: [String: YAMLNode.Entry] = [:]
        var suggested: Set<String> = []
        for entry in entries {
            guard let key = entry.key.scalar else {
                error("keys must be plain text; found \(entry.key.summary)", at: entry.key)
                continue
            }
            guard allowed.contains(key) else {
                let place = path.isEmpty ? "at the top level" : "in \(path)"
                let suggestion = Suggestion.closest(to: key, in: allowed)
                let hint = suggestion.map { "; did you mean '\($0)'?" } ?? " (allowed: \(allowed.joined(separator: ", ")))"
                error("unknown key '\(key)' \(place)\(hint)", at: entry.key)
                suggested.formUnion(suggestion.map { [$0] } ?? [])
                continue
            }
            if values[key] == nil {
                values[key] = entry
            }
        }
        let fields = Fields(node: node, path: path, values: values)
        // A misspelt required key was reported above with its "did you mean"; once is enough.
        for key in required where values[key] == nil && !suggested.contains(key) {
            error("missing required key '\(fields.name(key))'; add it", at: node)
        }
        return fields
    }

    /// The text of a scalar; reports collections and empty values.
    mutating func scalar(_ fields: Fields, _ key: String, expected: String) -> String? {
        guard let node = fields[key] else { return nil }
        return scalar(node, name: fields.name(key), expected: expected)
    }

    mutating func scalar(_ node: YAMLNode, name: String, expected: String) -> String? {
        guard let text = node.scalar, !node.isNull else {
            error("\(name) must be \(expected); found \(node.summary)", at: node)
            return nil
        }
        return text
    }

    /// A scalar parsed by `parse`; reports `expected` when it does not parse.
    mutating func value<T>(_ fields: Fields, _ key: String, expected: String, _ parse: (String) -> T?) -> T? {
        guard let node = fields[key] else { return nil }
        return value(node, name: fields.name(key), expected: expected, parse)
    }

    mutating func value<T>(_ node: YAMLNode, name: String, expected: String, _ parse: (String) -> T?) -> T? {
        guard let text = scalar(node, name: name, expected: expected) else { return nil }
        guard let parsed = parse(text) else {
            error("\(name) must be \(expected); found \(node.summary)", at: node)
            return nil
        }
        return parsed
    }

    /// A non-empty string.
    mutating func text(_ fields: Fields, _ key: String) -> String? {
        value(fields, key, expected: "text") { $0.isEmpty ? nil : $0 }
    }

    /// An unquoted whole number in `range`.
    mutating func integer(_ fields: Fields, _ key: String, in range: ClosedRange<Int>) -> Int? {
        guard let node = fields[key] else { return nil }
        let expected = "a whole number \(range.lowerBound)…\(range.upperBound)"
        return value(node, name: fields.name(key), expected: expected) { text in
            guard node.isPlainScalar, Self.isNumeral(text, fraction: false), let number = Int(text), range.contains(number) else { return nil }
            return number
        }
    }

    /// An unquoted decimal number in `range`.
    mutating func number(_ fields: Fields, _ key: String, in range: ClosedRange<Double>) -> Double? {
        guard let node = fields[key] else { return nil }
        return number(node, name: fields.name(key), in: range)
    }

    mutating func number(_ node: YAMLNode, name: String, in range: ClosedRange<Double>) -> Double? {
        let expected = "a number \(Self.format(range.lowerBound))…\(Self.format(range.upperBound))"
        return value(node, name: name, expected: expected) { text in
            guard node.isPlainScalar, Self.isNumeral(text, fraction: true), let number = Double(text), range.contains(number) else { return nil }
            return number
        }
    }

    /// `true` or `false`, unquoted.
    mutating func bool(_ fields: Fields, _ key: String) -> Bool? {
        guard let node = fields[key] else { return nil }
        return value(node, name: fields.name(key), expected: "true or false") { text in
            guard node.isPlainScalar else { return nil }
            return ["true": true, "false": false][text]
        }
    }

    /// One of an enum's raw values; suggests the closest when misspelt.
    mutating func choice<E: RawRepresentable & CaseIterable>(_ fields: Fields, _ key: String, _ type: E.Type) -> E? where E.RawValue == String {
        guard let node = fields[key] else { return nil }
        return choice(node, name: fields.name(key), type)
    }

    mutating func choice<E: RawRepresentable & CaseIterable>(_ node: YAMLNode, name: String, _ type: E.Type) -> E? where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard let text = scalar(node, name: name, expected: "one of \(names.joined(separator: ", "))") else { return nil }
        guard let value = E(rawValue: text) else {
            let hint = Suggestion.closest(to: text, in: names).map { "; did you mean '\($0)'?" } ?? ""
            error("unknown \(name) '\(text)'\(hint) (one of: \(names.joined(separator: ", ")))", at: node)
            return nil
        }
        return value
    }

    /// A duration: `3s`, `0.5s`, `500ms`, `1m30s` or a number of seconds.
    mutating func duration(_ fields: Fields, _ key: String) -> TimeSpan? {
        value(fields, key, expected: Self.durationForms, TimeSpan.init)
    }

    static let durationForms = "a duration like 3s, 0.5s, 500ms, 1m30s or 2.5 (seconds, at most 24h, whole milliseconds)"

    /// A list; reports anything else.
    mutating func list(_ fields: Fields, _ key: String, example: String) -> [YAMLNode]? {
        guard let node = fields[key] else { return nil }
        guard let items = node.items else {
            error("\(fields.name(key)) must be a list like \(example); found \(node.summary)", at: node)
            return nil
        }
        return items
    }

    /// A path from the job: `~` expanded, relative paths taken from the job file's folder.
    mutating func path(_ fields: Fields, _ key: String) -> String? {
        guard let node = fields[key], let text = scalar(node, name: fields.name(key), expected: "a path") else { return nil }
        confine(text, from: folder(of: node), name: fields.name(key), at: node)
        return resolve(path: text, at: node)
    }

    /// The folder of the file `node` was written in, where its relative paths start.
    func folder(of node: YAMLNode) -> String {
        folders[node.location.file] ?? directory
    }

    /// Under `--confine`, reports `text` (relative to `base`) when it leads outside the allowed folders once
    /// `~`, `..` and every symbolic link on the way are followed. What a built-in theme writes (its fonts) is
    /// dvpipe's own, not the job author's, and is not confined.
    mutating func confine(_ text: String, from base: String, name: String, at node: YAMLNode) {
        guard let allowedFolders, BuiltInTheme.named(node.location.file) == nil else { return }
        let expanded = Self.expandTilde(text)
        let real = Self.realPath(of: expanded.hasPrefix("/") ? expanded : base + "/" + expanded)
        guard !Self.isInside(real, allowedFolders) else { return }
        error(
            "\(name) '\(text)' leads to \(real), outside the folders --confine allows (\(allowedFolders.joined(separator: ", "))); "
                + "name a path inside them", at: node)
    }

    /// Under `--confine`, an error unless the server address `address` lies under one of the URL prefixes
    /// it names (a prefix ends at a `/`: `https://host/a/` allows `https://host/a/b/`, not `https://host/ab/`).
    mutating func confine(address: String, name: String, at node: YAMLNode) {
        guard let allowedFolders else { return }
        let prefixes = allowedFolders.filter { $0.contains("://") }
        guard !prefixes.contains(where: { address.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") || address == $0 }) else { return }
        error(
            "\(name) '\(address)' is not under a server address --confine allows"
                + (prefixes.isEmpty ? " (it names folders only)" : " (\(prefixes.joined(separator: ", ")))") + "; name one of those", at: node)
    }

    /// True when the real path `real` is one of `folders` or lies inside one.
    static func isInside(_ real: String, _ folders: [String]) -> Bool {
        folders.contains { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Where `absolute` really leads: its longest existing part with every link and `..` resolved by the file
    /// system, then the rest (which does not exist, so holds no links) resolved by its names.
    static func realPath(of absolute: String) -> String {
        var existing = absolute
        var rest: [String] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return URL(fileURLWithPath: ([base] + rest).joined(separator: "/")).standardizedFileURL.path
            }
            let url = URL(fileURLWithPath: existing)
            guard url.path != "/" else { return URL(fileURLWithPath: absolute).standardizedFileURL.path }
            rest.insert(url.lastPathComponent, at: 0)
            existing = url.deletingLastPathComponent().path
        }
    }

    /// `text`, written at `node`, as an absolute path.
    func resolve(path text: String, at node: YAMLNode) -> String {
        let expanded = Self.expandTilde(text)
        let absolute = expanded.hasPrefix("/") ? expanded : folder(of: node) + "/" + expanded
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    /// `~` and `~/x` become the home folder; other paths are returned as written.
    static func expandTilde(_ text: String) -> String {
        guard text == "~" || text.hasPrefix("~/") else { return text }
        return FileManager.default.homeDirectoryForCurrentUser.path + text.dropFirst()
    }

    /// Whether a file system item exists at `path`, and whether it is a folder.
    func fileKind(at path: String) -> (exists: Bool, isFolder: Bool) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        return (exists, isFolder.boolValue)
    }

    /// Digits with an optional leading `-` and, when `fraction`, one `.` followed by digits.
    private static func isNumeral(_ text: String, fraction: Bool) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 1 || (fraction && parts.count == 2) else { return false }
        return parts.allSatisfy { !$0.isEmpty && $0.count <= 12 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

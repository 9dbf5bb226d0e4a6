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
    /// What every path and server address of the job must stay inside (`--confine`), or nil for anywhere.
    let confinement: Confinement?
    /// The library folders decoded so far, which pins are relative to.
    var libraryPaths: [String] = []

    init(file: String, directory: String, folders: [String: String] = [:], confinement: Confinement? = nil) {
        self.file = file
        self.directory = directory
        self.folders = folders
        self.confinement = confinement
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

    /// A path from the job: `~` expanded, relative paths taken from the job file's folder; nil (after an error)
    /// for one that `--confine` does not allow.
    mutating func path(_ fields: Fields, _ key: String) -> String? {
        guard let node = fields[key], let text = scalar(node, name: fields.name(key), expected: "a path") else { return nil }
        guard confine(text, from: folder(of: node), name: fields.name(key), at: node) else { return nil }
        return resolve(path: text, at: node)
    }

    /// The folder of the file `node` was written in, where its relative paths start.
    func folder(of node: YAMLNode) -> String {
        folders[node.location.file] ?? directory
    }

    /// Under `--confine`, whether `text` (relative to `base`) leads inside the allowed folders once `~`, `..` and
    /// every symbolic link on the way are followed; reports it at `node` when it does not. Nothing outside is
    /// looked at to decide (`Confinement`). What a built-in theme writes (its fonts) is dvpipe's own, not the
    /// job author's, and is not confined.
    @discardableResult
    mutating func confine(_ text: String, from base: String, name: String, at node: YAMLNode) -> Bool {
        guard let confinement, BuiltInTheme.named(node.location.file) == nil else { return true }
        let expanded = Self.expandTilde(text)
        switch confinement.resolve(Confinement.lexical(expanded.hasPrefix("/") ? expanded : base + "/" + expanded)) {
        case .inside:
            return true
        case .outside(let real):
            error(
                "\(name) '\(text)' leads to \(real), outside the folders --confine allows (\(confinement.folders.joined(separator: ", "))); "
                    + "name a path inside them", at: node)
        case .tooManyLinks:
            error("\(name) '\(text)' goes through more than \(Confinement.linkLimit) symbolic links; name the file itself", at: node)
        }
        return false
    }

    /// Under `--confine`, whether a library may be read at the server address `address`: it must lie under one
    /// of the URL prefixes `--confine` names, compared segment by segment after decoding (a prefix ends at a
    /// `/`: `https://host/a/` allows `https://host/a/b/`, not `https://host/ab/`). Reports it at `node` when not.
    @discardableResult
    mutating func confine(address: String, name: String, at node: YAMLNode) -> Bool {
        guard let confinement, !confinement.allowsReading(address) else { return true }
        let prefixes = confinement.shownReadPrefixes
        error(
            "\(name) '\(address)' is not under a server address --confine allows"
                + (prefixes.isEmpty ? " (it names folders only)" : " (\(prefixes.joined(separator: ", ")))") + "; name one of those", at: node)
        return false
    }

    /// Under `--confine`, whether a reel may be published to `address`: only under a prefix that
    /// `--confine-publish` names, never under one that is only allowed for reading. Reports it at `node` when not.
    @discardableResult
    mutating func confine(publishing address: String, name: String, at node: YAMLNode) -> Bool {
        guard let confinement, !confinement.allowsPublishing(address) else { return true }
        let prefixes = confinement.shownPublishPrefixes
        error(
            "\(name) '\(address)' is not under a server address --confine-publish allows"
                + (prefixes.isEmpty
                    ? " (none is given: under --confine, publishing needs --confine-publish PREFIX)" : " (\(prefixes.joined(separator: ", ")))")
                + "; publish under one of those", at: node)
        return false
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

    /// `text`, written at `node`, as an absolute path, `.` and `name/..` taken out by their names: the path that
    /// `confine` judged, found without asking the file system (Foundation's `standardizedFileURL` follows links to
    /// resolve `..`, which would look outside before the path is judged).
    func resolve(path text: String, at node: YAMLNode) -> String {
        let expanded = Self.expandTilde(text)
        return Confinement.lexical(expanded.hasPrefix("/") ? expanded : folder(of: node) + "/" + expanded)
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

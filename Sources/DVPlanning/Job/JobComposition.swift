import Foundation

/// A job's tree with the presets it names in `extends:` merged under it, before it is decoded.
///
/// `extends:` takes a file or a list of files, relative to the file that names them; a preset may extend
/// others in turn. Later presets win over earlier ones, and the job over all of them: mappings merge key by
/// key at every depth, a list or a plain value replaces what was there, and under `days:` each date's
/// entry replaces the preset's entry for that date whole. A preset's `output:` meets a job's `outputs:`
/// list by merging under each entry of it (so a theme's look reaches every output, and an output's own
/// keys win). Every node keeps the place where it was
/// written, and a preset's nodes the chain of `extends:` entries that brought them in, so that any
/// problem is reported in the preset with "included from" the job.
public struct JobComposition: Sendable {
    /// The merged tree, without `extends:`.
    public var root: YAMLNode
    /// Problems with `extends:` itself, and in the presets' YAML.
    public var diagnostics: [Diagnostic] = []
    /// The folder of every file that gave part of the tree, by the name locations give it: relative paths
    /// written in a preset start in the preset's folder.
    public var folders: [String: String] = [:]

    /// What every preset must lie in (`--confine`), or nil for anywhere.
    private let confinement: Confinement?
    /// The presets expanded so far, by real path: each is read and expanded once however often it is named.
    private var presets: [String: YAMLNode] = [:]

    /// Most preset files one job may bring in, counted once each.
    public static let presetLimit = 1000
    /// Most presets in one chain of `extends:` (a preset that extends a preset that extends …).
    public static let depthLimit = 32

    /// Merges the presets that `root` (the job `file`, in `folder`) extends under it; under `--confine`,
    /// a preset outside the allowed folders is an error and is not read, or even looked at.
    public init(root: YAMLNode, file: String, folder: String, confinement: Confinement? = nil) {
        self.root = root
        self.confinement = confinement
        folders[file] = folder
        let absolute = URL(fileURLWithPath: folder).appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).standardizedFileURL.path
        self.root = expand(root, file: file, folder: folder, chain: [(JobDecoder.realPath(of: absolute), file)])
    }

    /// `node` with its presets under it; `chain` lists the files being expanded, outermost first, by real
    /// path and by name.
    private mutating func expand(_ node: YAMLNode, file: String, folder: String, chain: [(real: String, name: String)]) -> YAMLNode {
        guard let entries = node.entries, let extends = entries.first(where: { $0.key.scalar == "extends" })?.value else { return node }
        let own = YAMLNode(.mapping(entries.filter { $0.key.scalar != "extends" }), at: node.location)
        let names: [YAMLNode]
        if let items = extends.items {
            names = items
        } else if extends.scalar != nil, !extends.isNull {
            names = [extends]
        } else {
            error("extends must be a preset file or a list of them, like extends: presets/style.yaml; found \(extends.summary)", at: extends)
            return own
        }
        var base: YAMLNode?
        for name in names {
            guard let preset = load(name, file: file, folder: folder, chain: chain) else { continue }
            base = base.map { Self.mergeJob($0, under: preset) } ?? preset
        }
        return base.map { Self.mergeJob($0, under: own) } ?? own
    }

    /// The preset that the `extends:` entry `name` (in `file`, in `folder`) names, with its own presets merged
    /// under it, its nodes marked as included from `name` (from the first entry that named it); nil after
    /// reporting why it cannot be used.
    private mutating func load(_ name: YAMLNode, file: String, folder: String, chain: [(real: String, name: String)]) -> YAMLNode? {
        guard let text = name.scalar, !name.isNull, !text.isEmpty else {
            error("each extends entry must be a preset file's path; found \(name.summary)", at: name)
            return nil
        }
        if text.hasPrefix(BuiltInTheme.prefix) {
            guard let theme = BuiltInTheme.named(text) else {
                let names = BuiltInTheme.all.map(\.reference).joined(separator: ", ")
                error("no built-in theme '\(text)'; the themes are \(names) (dvpipe themes shows them)", at: name)
                return nil
            }
            return parse(Array(theme.preset.utf8), shown: theme.reference, folder: folder, from: name)
        }
        let expanded = JobDecoder.expandTilde(text)
        let absolute = Confinement.lexical(expanded.hasPrefix("/") ? expanded : folder + "/" + expanded)
        let shown = expanded.hasPrefix("/") ? expanded : Self.normalized(Self.folderPart(of: file) + expanded)
        guard !shown.hasPrefix(BuiltInTheme.prefix), absolute.split(separator: "/").last?.hasPrefix(BuiltInTheme.prefix) != true else {
            error(
                "extends '\(text)' names a file whose name begins with \(BuiltInTheme.prefix), which only built-in themes may; rename the preset",
                at: name)
            return nil
        }
        let real: String
        if let confinement {
            switch confinement.resolve(absolute) {
            case .inside(let path):
                real = path
            case .outside(let path):
                error(
                    "extends '\(text)' leads to \(path), outside the folders --confine allows (\(confinement.folders.joined(separator: ", "))); "
                        + "name a preset inside them", at: name)
                return nil
            case .tooManyLinks:
                error("extends '\(text)' goes through more than \(Confinement.linkLimit) symbolic links; name the preset itself", at: name)
                return nil
            }
        } else {
            real = JobDecoder.realPath(of: absolute)
        }
        if let start = chain.firstIndex(where: { $0.real == real }) {
            let cycle = (chain[start...].map(\.name) + [shown]).joined(separator: " → ")
            error("extends makes a cycle: \(cycle); a preset cannot extend itself, even through another", at: name)
            return nil
        }
        if let known = presets[real] {
            return known
        }
        guard chain.count <= Self.depthLimit else {
            error("extends goes \(Self.depthLimit) presets deep here; a chain of presets may be at most \(Self.depthLimit) long", at: name)
            return nil
        }
        guard presets.count < Self.presetLimit else {
            error("extends brings in more than \(Self.presetLimit) preset files; a job may use at most \(Self.presetLimit)", at: name)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: real) else {
            var isFolder: ObjCBool = false
            let reason =
                !FileManager.default.fileExists(atPath: real, isDirectory: &isFolder)
                ? "no such file" : isFolder.boolValue ? "it is a folder" : "it cannot be read"
            error("cannot read preset '\(text)' (\(absolute)): \(reason)", at: name)
            return nil
        }
        let presetFolder = URL(fileURLWithPath: confinement == nil ? absolute : real).deletingLastPathComponent().path
        guard let preset = parse(Array(data), shown: shown, folder: presetFolder, from: name) else { return nil }
        let root = expand(preset, file: shown, folder: presetFolder, chain: chain + [(real, shown)])
        presets[real] = root
        return root
    }

    /// The preset `bytes` (the file `shown`, in `folder`), parsed and marked as included from the `extends:`
    /// entry `name`; nil after reporting why it cannot be used.
    private mutating func parse(_ bytes: [UInt8], shown: String, folder presetFolder: String, from name: YAMLNode) -> YAMLNode? {
        let inclusion =
            [SourceLocation(file: name.location.file, line: name.location.line, column: name.location.column)] + name.location.includedFrom
        let document: YAMLDocument
        do {
            document = try YAMLParser().parse(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, file: shown)
        } catch {
            diagnostics.append(Self.included(error.diagnostic, from: inclusion))
            return nil
        }
        diagnostics += document.problems.map { Self.included($0.diagnostic, from: inclusion) }
        let root = Self.marked(document.root ?? YAMLNode(.mapping([]), at: SourceLocation(file: shown, line: 1, column: 1)), from: inclusion)
        guard root.isNull || root.entries != nil else {
            error("a preset must be a mapping of job keys, like a job file; found \(root.summary)", at: root)
            return nil
        }
        folders[shown] = presetFolder
        return root.isNull ? YAMLNode(.mapping([]), at: root.location) : root
    }

    private mutating func error(_ message: String, at node: YAMLNode) {
        diagnostics.append(Diagnostic(.error, at: node.location, message))
    }

    /// `over` merged onto `base`: mappings key by key, anything else replaced by `over`.
    public static func merge(_ base: YAMLNode, under over: YAMLNode) -> YAMLNode {
        mergeEntries(base, under: over) { _, old, new in merge(old, under: new) }
    }

    /// The job (or preset) `over` merged onto the preset `base`: as `merge`, but each date's entry under
    /// `days` whole, and where `base` has an `output` mapping and `over` lists `outputs` (and has no `output`
    /// of its own), `base`'s `output` merged under each entry of the list in its place.
    public static func mergeJob(_ base: YAMLNode, under over: YAMLNode) -> YAMLNode {
        var (base, over) = (base, over)
        let value = { (node: YAMLNode, key: String) in node.entries?.first { $0.key.scalar == key }?.value }
        if let output = value(base, "output"), output.entries != nil, value(over, "output") == nil,
            let outputs = value(over, "outputs"), let items = outputs.items, let baseEntries = base.entries, let overEntries = over.entries
        {
            let spread = YAMLNode(.sequence(items.map { $0.entries == nil ? $0 : merge(output, under: $0) }), at: outputs.location)
            base.content = .mapping(baseEntries.filter { $0.key.scalar != "output" })
            over.content = .mapping(overEntries.map { $0.key.scalar == "outputs" ? YAMLNode.Entry(key: $0.key, value: spread) : $0 })
        }
        return mergeEntries(base, under: over) { key, old, new in
            key == "days" ? mergeEntries(old, under: new) { _, _, whole in whole } : merge(old, under: new)
        }
    }

    /// Two mappings' entries: `over`'s appended, or where `base` has the same key, `value` of the key and the
    /// two values in its place; anything but two mappings is `over`.
    private static func mergeEntries(
        _ base: YAMLNode, under over: YAMLNode, value: (_ key: String, _ base: YAMLNode, _ over: YAMLNode) -> YAMLNode
    ) -> YAMLNode {
        guard var merged = base.entries, let entries = over.entries else { return over }
        for entry in entries {
            guard let key = entry.key.scalar, let index = merged.firstIndex(where: { $0.key.scalar == key }) else {
                merged.append(entry)
                continue
            }
            merged[index] = YAMLNode.Entry(key: entry.key, value: value(key, merged[index].value, entry.value))
        }
        return YAMLNode(.mapping(merged), at: over.location)
    }

    /// `node` and everything in it marked as brought in by `inclusion`.
    private static func marked(_ node: YAMLNode, from inclusion: [SourceLocation]) -> YAMLNode {
        var node = node
        node.location.includedFrom = inclusion
        switch node.content {
        case .scalar: break
        case .sequence(let items): node.content = .sequence(items.map { marked($0, from: inclusion) })
        case .mapping(let entries):
            node.content = .mapping(entries.map { YAMLNode.Entry(key: marked($0.key, from: inclusion), value: marked($0.value, from: inclusion)) })
        }
        return node
    }

    private static func included(_ diagnostic: Diagnostic, from inclusion: [SourceLocation]) -> Diagnostic {
        var diagnostic = diagnostic
        diagnostic.location.includedFrom = inclusion
        return diagnostic
    }

    /// `jobs/` for `jobs/dec.yaml`, nothing for `dec.yaml`.
    private static func folderPart(of file: String) -> String {
        file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
    }

    /// A relative path with `.` and each `name/..` taken out by their names: `jobs/../presets/a.yaml` is
    /// `presets/a.yaml`.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

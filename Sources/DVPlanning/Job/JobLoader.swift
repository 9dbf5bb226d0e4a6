import Foundation

/// Reads and validates job files: the one entry point from a path (or text) to a `Job` and its diagnostics.
public enum JobLoader {
    /// Reads the job file at `path`. `path` is how locations name the file; relative paths in the job
    /// resolve against its folder. With `allowedFolders` (`--confine`), every path it names must lead inside
    /// one of those folders (or under one of its server prefixes), and a reel may be published only under
    /// `publishPrefixes` (`--confine-publish`).
    public static func load(path: String, allowedFolders: [String]? = nil, publishPrefixes: [String] = []) -> JobLoadResult {
        guard let data = FileManager.default.contents(atPath: path) else {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            let reason = !exists ? "no such file" : isFolder.boolValue ? "it is a folder" : "it cannot be read (permissions?)"
            let location = SourceLocation(file: path, line: 1, column: 1)
            return JobLoadResult(job: nil, diagnostics: [Diagnostic(.error, at: location, "cannot read job file: \(reason)")])
        }
        let absolute = URL(fileURLWithPath: path).standardizedFileURL
        // Locations name a built-in theme `theme:NAME`; a job file given by such a name is shown as `./theme:NAME`.
        let shown = path.hasPrefix(BuiltInTheme.prefix) ? "./" + path : path
        return load(
            bytes: Array(data), file: shown, directory: absolute.deletingLastPathComponent().path, allowedFolders: allowedFolders,
            publishPrefixes: publishPrefixes)
    }

    /// Validates job text; `file` names it in locations and `directory` is where relative paths start.
    public static func load(
        bytes: [UInt8], file: String, directory: String, allowedFolders: [String]? = nil, publishPrefixes: [String] = []
    ) -> JobLoadResult {
        // A UTF-8 byte order mark (some Windows editors write one) is not content; lines and columns are unchanged.
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let document: YAMLDocument
        do {
            document = try YAMLParser().parse(content, file: file)
        } catch {
            return JobLoadResult(job: nil, diagnostics: [error.diagnostic])
        }
        var diagnostics = document.problems.map(\.diagnostic)
        guard let root = document.root, !root.isNull else {
            let location = SourceLocation(file: file, line: 1, column: 1)
            diagnostics.append(Diagnostic(.error, at: location, "the job file is empty; start with 'version: 1'"))
            return JobLoadResult(job: nil, diagnostics: diagnostics)
        }
        let confinement = allowedFolders.map { Confinement(allowed: $0, publish: publishPrefixes) }
        // Under --confine the job's own folder (given on the command line) is taken as a real path, so that the
        // paths written in the job are judged from where they really start.
        let directory = confinement == nil ? directory : JobDecoder.realPath(of: directory)
        let composition = JobComposition(root: root, file: file, folder: directory, confinement: confinement)
        diagnostics += composition.diagnostics
        var decoder = JobDecoder(file: file, directory: directory, folders: composition.folders, confinement: confinement)
        let job = decoder.decodeJob(composition.root)
        diagnostics += decoder.diagnostics
        diagnostics.sort { $0.location < $1.location }
        let failed = diagnostics.contains { $0.severity == .error }
        return JobLoadResult(job: failed ? nil : job, diagnostics: diagnostics, files: decoder.files, tree: composition.root)
    }

    /// Validates job text given as a string (tests, tools).
    public static func load(
        text: String, file: String, directory: String, allowedFolders: [String]? = nil, publishPrefixes: [String] = []
    ) -> JobLoadResult {
        load(bytes: Array(text.utf8), file: file, directory: directory, allowedFolders: allowedFolders, publishPrefixes: publishPrefixes)
    }
}

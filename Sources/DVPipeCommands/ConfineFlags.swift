import ArgumentParser
import DVPlanning
import Foundation

/// `--confine` and `--confine-publish`: what a job file from an untrusted pull request may reach. Each
/// `--confine` is an existing folder (or the command would allow nothing) or the URL prefix of a library on a
/// server (`https://host/photos/`, `s3://bucket/roll/`); each `--confine-publish` the URL prefix a reel may be
/// published under. See docs/security.md.
struct ConfineFlags: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Allow the job's paths (library, output, work folder, overlays, fonts, music, looks, presets, pins) only inside this folder, `..` and symbolic links followed, nothing outside it ever opened, and libraries on servers only under this URL prefix (https://HOST/PATH/, s3://BUCKET/PREFIX/); repeat for several. For job files from untrusted pull requests.",
            valueName: "dir-or-url"))
    var confine: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --confine: allow output.publish only under this URL prefix (a prefix --confine gives is for reading only); repeat for several.",
            valueName: "url"))
    var confinePublish: [String] = []

    func validate() throws {
        for folder in confine where !ServerAddress.isAddress(folder) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--confine takes an existing folder or a server address prefix; '\(folder)' is neither")
            }
        }
        for prefix in confinePublish where !ServerAddress.isAddress(prefix) {
            throw ValidationError("--confine-publish takes a server address prefix (https://HOST/PATH/, s3://BUCKET/PREFIX/), not '\(prefix)'")
        }
        if !confinePublish.isEmpty, confine.isEmpty {
            throw ValidationError("--confine-publish goes with --confine: without --confine a job may publish anywhere")
        }
    }

    /// The job file at `path`, loaded under these flags.
    func load(_ path: String) -> JobLoadResult {
        JobLoader.load(path: path, allowedFolders: allowedFolders, publishPrefixes: confinePublish)
    }

    /// Job text named `file`, its relative paths from `directory`, loaded under these flags.
    func load(bytes: [UInt8], file: String, directory: String) -> JobLoadResult {
        JobLoader.load(bytes: bytes, file: file, directory: directory, allowedFolders: allowedFolders, publishPrefixes: confinePublish)
    }

    /// The folders a job may reach, or nil without `--confine`.
    private var allowedFolders: [String]? { confine.isEmpty ? nil : confine }

    /// Under `--confine`, why the default work folder `folder` (beside the job, not given on the command line)
    /// may not be used: it leads outside the allowed folders, through a link committed beside the job, say.
    func problem(withDefaultWorkFolder folder: URL) -> String? {
        guard !confine.isEmpty else { return nil }
        let confinement = Confinement(allowed: confine)
        guard case .inside = confinement.resolve(Confinement.lexical(folder.path)) else {
            return "the work folder \(folder.path) leads outside the folders --confine allows (\(confinement.folders.joined(separator: ", "))); "
                + "remove the link, or give --work-dir"
        }
        return nil
    }
}

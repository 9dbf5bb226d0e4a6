import Foundation

/// What `--confine` allows a job file to reach: folders on this machine (as real paths), server prefixes it
/// may read (libraries), and server prefixes it may publish to (`--confine-publish`).
///
/// A path is judged by walking it one name at a time from `/`, following each symbolic link as the kernel
/// would, and the walk touches the file system only inside an allowed folder: a name on the way to an allowed
/// folder is a real folder already (the allowed folders are real paths), and a name anywhere else ends the
/// walk as outside before anything there is looked at. So a path that leads outside is never stat'ed, read or
/// opened, not even to find out where its links go.
public struct Confinement: Sendable {
    /// The allowed folders, as real paths.
    public let folders: [String]
    /// The server address prefixes a library may be read from (compared by decoded segments, `ServerAddress`).
    let readPrefixes: [ServerAddress]
    /// The server address prefixes a reel may be published to, decoded.
    let publishPrefixes: [ServerAddress]
    /// The prefixes as given, for messages.
    let shownReadPrefixes: [String]
    let shownPublishPrefixes: [String]

    /// Most symbolic links followed in one path, as the kernel's `ELOOP` limit.
    static let linkLimit = 40

    /// `allowed` as `--confine` gives it (folders and server prefixes), and `publish` as `--confine-publish`
    /// gives it. Folders are resolved to real paths here: they come from the command line, not the job.
    public init(allowed: [String], publish: [String] = []) {
        let addresses = allowed.filter(ServerAddress.isAddress)
        folders = allowed.filter { !ServerAddress.isAddress($0) }.map { JobDecoder.realPath(of: URL(fileURLWithPath: $0).path) }
        readPrefixes = addresses.compactMap { try? ServerAddress($0) }
        publishPrefixes = publish.compactMap { try? ServerAddress($0) }
        shownReadPrefixes = addresses
        shownPublishPrefixes = publish
    }

    /// Where a path leads, as far as the walk may look.
    public enum Resolution: Equatable, Sendable {
        /// Inside an allowed folder: its real path (the part that does not exist yet resolved by its names).
        case inside(String)
        /// Outside: the path as far as the walk went (the first name outside, with the rest after it by names).
        case outside(String)
        /// More than `linkLimit` links on the way.
        case tooManyLinks
    }

    /// Where the absolute path `absolute` leads; touches the file system only inside the allowed folders.
    public func resolve(_ absolute: String) -> Resolution {
        var pending = Array(absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
        var real: [String] = []
        var links = 0
        var missing = false
        while let name = pending.popLast() {
            if name == "." { continue }
            if name == ".." {
                if !real.isEmpty { real.removeLast() }
                continue
            }
            let candidate = "/" + (real + [name]).joined(separator: "/")
            if missing || isOnTheWay(candidate) {
                real.append(name)
                continue
            }
            guard Self.isInside(candidate, folders) else {
                return .outside(([candidate] + pending.reversed()).joined(separator: "/"))
            }
            var info = stat()
            guard lstat(candidate, &info) == 0 else {
                // Nothing is there: the rest cannot hold a link, and is resolved by its names.
                missing = true
                real.append(name)
                continue
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                real.append(name)
                continue
            }
            links += 1
            guard links <= Self.linkLimit, let target = Self.linkTarget(candidate) else { return .tooManyLinks }
            if target.hasPrefix("/") { real = [] }
            pending += target.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed()
        }
        let path = "/" + real.joined(separator: "/")
        return Self.isInside(path, folders) ? .inside(path) : .outside(path)
    }

    /// The absolute path `path` with `.`, empty names and each `name/..` taken out by their names, as
    /// `URL.standardizedFileURL` does but without asking the file system anything (a `URL` made from a path
    /// looks at the file to learn whether it is a folder).
    public static func lexical(_ path: String) -> String {
        var names: [Substring] = []
        for name in path.split(separator: "/", omittingEmptySubsequences: true) where name != "." {
            if name == ".." {
                _ = names.popLast()
            } else {
                names.append(name)
            }
        }
        return "/" + names.joined(separator: "/")
    }

    /// Whether `path` is one of the allowed folders or lies above one (a real folder by construction).
    private func isOnTheWay(_ path: String) -> Bool {
        folders.contains { $0 == path || $0.hasPrefix(path == "/" ? "/" : path + "/") }
    }

    /// True when the real path `real` is one of `folders` or lies inside one.
    static func isInside(_ real: String, _ folders: [String]) -> Bool {
        folders.contains { real == $0 || real.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a library may be read at the server address `address` (as `serverAddress` wrote it).
    func allowsReading(_ address: String) -> Bool {
        guard let decoded = try? ServerAddress(address) else { return false }
        return readPrefixes.contains { $0.contains(decoded) }
    }

    /// Whether a reel may be published at the server address `address`.
    func allowsPublishing(_ address: String) -> Bool {
        guard let decoded = try? ServerAddress(address) else { return false }
        return publishPrefixes.contains { $0.contains(decoded) }
    }
}

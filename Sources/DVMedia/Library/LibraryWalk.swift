import Foundation

import Glibc

/// A recursive walk of the library folders that visits each real file and folder once, skips hidden names
/// (`.thumbnails`, `.trashed-…`) and asks an exclusion predicate about every library-relative path.
///
/// Symbolic links are followed only when they resolve inside a library folder, and only after the real tree has
/// been walked, so a file reached both directly and through a link is listed under its real path.
struct LibraryWalk {
    /// A media file as `lstat`/`stat` saw it.
    struct File: Hashable {
        var path: String
        var relativePath: String
        var size: Int64
        var modificationTime: Double
    }

    /// The roots, resolved to real paths.
    private let roots: [String]
    private var visited: Set<FileIdentity> = []
    /// Links met during the walk, followed once the real tree is done: (path, relative path).
    private var pendingLinks: [(path: String, relativePath: String)] = []
    private var files: [File] = []

    /// Resolves every root; a missing root or one that is not a folder is an error.
    init(roots: [String]) throws {
        self.roots = try roots.map { root in
            guard let real = LibraryWalk.realPath(root), let status = LibraryWalk.status(real, following: true),
                status.isDirectory
            else { throw LibraryScanError.rootNotFound(path: root) }
            return real
        }
    }

    /// All media files with one of `extensions` (lower case), sorted by relative path, then absolute path.
    /// `isExcluded` is asked about every library-relative path; an excluded folder is not entered.
    mutating func mediaFiles(extensions: Set<String>, isExcluded: (String) -> Bool) throws -> [File] {
        for root in roots {
            try walk(folder: root, relative: "", extensions: extensions, isExcluded: isExcluded)
        }
        while !pendingLinks.isEmpty {
            let link = pendingLinks.removeFirst()
            guard let target = LibraryWalk.realPath(link.path), isInsideRoots(target),
                let status = LibraryWalk.status(target, following: true)
            else { continue }
            try visit(
                path: link.path, relativePath: link.relativePath, status: status, extensions: extensions,
                isExcluded: isExcluded)
        }
        return files.sorted { ($0.relativePath, $0.path) < ($1.relativePath, $1.path) }
    }

    private mutating func walk(
        folder: String, relative: String, extensions: Set<String>, isExcluded: (String) -> Bool
    ) throws {
        guard let folderStatus = LibraryWalk.status(folder, following: true),
            visited.insert(folderStatus.identity).inserted
        else { return }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw LibraryScanError.unreadableFolder(path: folder, reason: error.localizedDescription)
        }
        for name in names where !name.hasPrefix(".") {
            let path = folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            guard !isExcluded(relativePath), let status = LibraryWalk.status(path, following: false) else { continue }
            if status.isSymbolicLink {
                pendingLinks.append((path, relativePath))
            } else {
                try visit(
                    path: path, relativePath: relativePath, status: status, extensions: extensions,
                    isExcluded: isExcluded)
            }
        }
    }

    private mutating func visit(
        path: String, relativePath: String, status: Status, extensions: Set<String>, isExcluded: (String) -> Bool
    ) throws {
        if status.isDirectory {
            try walk(folder: path, relative: relativePath, extensions: extensions, isExcluded: isExcluded)
        } else if status.isRegularFile,
            extensions.contains((relativePath as NSString).pathExtension.lowercased()),
            visited.insert(status.identity).inserted
        {
            files.append(File(
                path: path, relativePath: relativePath, size: status.size, modificationTime: status.modificationTime))
        }
    }

    private func isInsideRoots(_ realPath: String) -> Bool {
        roots.contains { realPath == $0 || realPath.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Device and inode: one real file or folder however many links lead to it.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The fields of `stat` the walk needs.
    struct Status {
        var identity: FileIdentity
        var isDirectory: Bool
        var isRegularFile: Bool
        var isSymbolicLink: Bool
        var size: Int64
        var modificationTime: Double
    }

    static func status(_ path: String, following: Bool) -> Status? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return Status(
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            isDirectory: type == S_IFDIR, isRegularFile: type == S_IFREG, isSymbolicLink: type == S_IFLNK,
            size: Int64(info.st_size),
            modificationTime: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

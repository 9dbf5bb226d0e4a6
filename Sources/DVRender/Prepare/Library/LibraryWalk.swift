import DVMedia
import DVPlanning
import Foundation
import Glibc

/// A recursive walk of the library folders that visits each real file and folder once, skips hidden names
/// (`.thumbnails`, `.trashed-…`) and asks an exclusion predicate about every library-relative path.
///
/// Symbolic links are followed only when they resolve inside a library folder, and only after the real tree has
/// been walked, so a file reached both directly and through a link is listed under its real path.
struct LibraryWalk {
    /// A media file as `lstat`/`stat` saw it, or as a server listed it (its address as path, no inode, its ETag).
    struct File: Hashable {
        var path: String
        var relativePath: String
        var size: Int64
        var modificationTime: Double
        var inode: UInt64
        var etag: String?
    }

    /// The roots, resolved to real paths: every file's path is one of them, `/`, and its relative path.
    let roots: [String]
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
        // A link is resolved one name at a time, never looking outside the roots to find where it leads.
        let inside = Confinement(allowed: roots)
        while !pendingLinks.isEmpty {
            let link = pendingLinks.removeFirst()
            guard case .inside(let target) = inside.resolve(link.path), let status = LibraryWalk.status(target, following: true) else { continue }
            try visit(
                path: link.path, relativePath: link.relativePath, status: status, extensions: extensions,
                isExcluded: isExcluded)
        }
        return files.sorted { ($0.relativePath, $0.path) < ($1.relativePath, $1.path) }
    }

    private mutating func walk(
        folder: String, relative: String, extensions: Set<String>, isExcluded: (String) -> Bool
    ) throws {
        let (folderStatus, children) = try LibraryWalk.list(folder)
        guard visited.insert(folderStatus.identity).inserted else { return }
        for (name, status) in children {
            let path = folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            guard !isExcluded(relativePath) else { continue }
            if status.isSymbolicLink {
                pendingLinks.append((path, relativePath))
            } else {
                try visit(
                    path: path, relativePath: relativePath, status: status, extensions: extensions,
                    isExcluded: isExcluded)
            }
        }
    }

    /// The folder's own status and its entries sorted by name, hidden ones left out, each `lstat`ed by name
    /// relative to the open folder (no path lookup from the root per file). The folder is closed on return.
    private static func list(_ folder: String) throws -> (Status, [(name: String, status: Status)]) {
        guard let directory = opendir(folder) else {
            throw LibraryScanError.unreadableFolder(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw LibraryScanError.unreadableFolder(path: folder, reason: String(cString: strerror(errno)))
        }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                guard errno == 0 else {
                    throw LibraryScanError.unreadableFolder(path: folder, reason: String(cString: strerror(errno)))
                }
                break
            }
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        names.sort()
        let children = names.compactMap { name -> (name: String, status: Status)? in
            var child = stat()
            guard fstatat(descriptor, name, &child, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            return (name, Status(child))
        }
        return (Status(info), children)
    }

    private mutating func visit(
        path: String, relativePath: String, status: Status, extensions: Set<String>, isExcluded: (String) -> Bool
    ) throws {
        if status.isDirectory {
            try walk(folder: path, relative: relativePath, extensions: extensions, isExcluded: isExcluded)
        } else if status.isRegularFile,
            extensions.contains(LibraryWalk.lowercasedExtension(of: relativePath)),
            visited.insert(status.identity).inserted
        {
            files.append(
                File(
                    path: path, relativePath: relativePath, size: status.size, modificationTime: status.modificationTime,
                    inode: status.identity.inode))
        }
    }

    /// The text after the last `.` of the path's last component, lower-cased; empty when there is none.
    static func lowercasedExtension(of path: String) -> String {
        let utf8 = path.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")),
            !utf8[dot...].contains(UInt8(ascii: "/"))
        else { return "" }
        return path[path.index(after: dot)...].lowercased()
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

        init(_ info: stat) {
            let type = info.st_mode & S_IFMT
            identity = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
            isDirectory = type == S_IFDIR
            isRegularFile = type == S_IFREG
            isSymbolicLink = type == S_IFLNK
            size = Int64(info.st_size)
            modificationTime = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
        }
    }

    static func status(_ path: String, following: Bool) -> Status? {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return nil }
        return Status(info)
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

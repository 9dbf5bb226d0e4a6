import DVMedia
import DVMetadata
import DVPlanning
import DVRemote
import DVRuntime
import Foundation

/// Builds the media index of a library: walks `library.paths` (folders, and libraries on servers listed into
/// `files`), stats every media file, and probes only the files whose path, size, modification time
/// and inode (for a file on a server: address, size and ETag) the cached index does not already hold. Sidecars
/// (Takeout JSON, XMP) are paired with their media files and Takeout album folders' JSON with the files of
/// their folder; each is read only when new or changed, so editing one re-plans its files without probing
/// them again.
///
/// The scanner never writes into the library; it writes only the cache file, atomically. It does not know how
/// to probe or how globs match: the caller passes both in, so the scan is testable with fakes.
package struct LibraryScanner: Sendable {
    /// The library folders (file URLs) and servers (`https://…`, `s3://…`), in the order of `library.paths`.
    package var roots: [URL]
    /// Where the index is cached as JSON, or nil for no cache.
    package var cacheFile: URL?
    /// How servers are reached, and where the blocks fetched of their files are kept.
    package var access: RemoteAccess
    package var blockCache: BlockCache?
    /// Where the servers' files are listed, and how every file found is opened (the probe's location).
    package let files: LibraryFiles

    /// Extensions (lower case) of the files the scan keeps: movies and the stills Live Photos pair with.
    package static let mediaExtensions: Set<String> = [
        "mov", "mp4", "m4v", "3gp", "mkv", "webm", "avi", "jpg", "jpeg", "heic", "heif", "png"
    ]

    package init(
        roots: [URL], cacheFile: URL?, access: RemoteAccess = RemoteAccess(environment: ProcessInfo.processInfo.environment),
        blockCache: BlockCache? = nil, files: LibraryFiles = LibraryFiles()
    ) {
        self.files = files
        self.roots = roots
        self.cacheFile = cacheFile
        self.access = access
        self.blockCache = blockCache
    }

    /// The root `path` of `library.paths` names: a server address as it is (escaped where it is written as
    /// keys are, `s3://photos/Été 2024/`), anything else a local folder.
    package static func root(_ path: String) -> URL {
        guard RemoteLibrary.isRemote(path) else { return URL(fileURLWithPath: path) }
        return URL(string: path) ?? path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed).flatMap(URL.init(string:))
            ?? URL(fileURLWithPath: path)
    }

    /// Scans the library.
    ///
    /// - Parameters:
    ///   - isExcluded: true for a library-relative path (file or folder) that `library.exclude` leaves out;
    ///     an excluded folder is not entered.
    ///   - probe: reads one file's headers; called only for files the cache does not know.
    ///   - progress: told before each probe, for long first scans.
    /// - Returns: the index sorted by library-relative path, and how many files were probed.
    /// - Throws: `LibraryScanError` when a root is missing, a folder or server cannot be listed or the cache
    ///   not written.
    ///   - probeAtOnce: when given, probes the files on servers `serverProbes` at a time on threads of their
    ///     own before the others (a first scan of a server is then not a sum of round trips).
    package func scan(
        isExcluded: (String) -> Bool, probe: (MediaLocation) -> ProbeResult, probeAtOnce: (@Sendable (MediaLocation) -> ProbeResult)? = nil,
        progress: (ScanProgress) -> Void = { _ in }
    ) throws -> LibraryScan {
        let extensions = LibraryScanner.mediaExtensions.union(Sidecar.extensions)
        var walk = try LibraryWalk(roots: roots.filter(\.isFileURL).map(\.path))
        var found = try walk.mediaFiles(extensions: extensions, isExcluded: isExcluded)
        // Every root by the name the index cache gives it: a folder's real path, a server's address.
        var localRoots = walk.roots.makeIterator()
        var rootNames: [String] = []
        for root in roots {
            guard !root.isFileURL else {
                rootNames.append(localRoots.next() ?? root.path)
                continue
            }
            let listed = try list(server: root, isExcluded: isExcluded)
            rootNames.append(listed.address)
            found += listed.files.filter { extensions.contains(LibraryWalk.lowercasedExtension(of: $0.relativePath)) }
        }
        found.sort { ($0.relativePath, $0.path) < ($1.relativePath, $1.path) }
        let isSidecar = { (file: LibraryWalk.File) in Sidecar.extensions.contains(LibraryWalk.lowercasedExtension(of: file.relativePath)) }
        let files = found.filter { !isSidecar($0) }
        var sidecars = SidecarFolders(found.filter(isSidecar), media: files, files: self.files)
        let cached = cacheFile.map { IndexCache.load(from: $0, roots: rootNames) } ?? []
        let cachedPositions = Dictionary(
            cached.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        // Where each file stands in the cache, when the cache holds it with the same size and modification time
        // (and inode, or ETag).
        let reusable = files.map { file in
            cachedPositions[file.path].flatMap { position in
                cached[position].size == file.size && cached[position].modificationTime == file.modificationTime
                    && cached[position].inode == file.inode && cached[position].etag == file.etag ? position : nil
            }
        }
        let toProbe = reusable.count { $0 == nil }
        var probed = 0
        var entries: [MediaEntry] = []
        entries.reserveCapacity(files.count)
        var changed = files.count != cached.count
        var probedAhead: [Int: ProbeResult] = [:]
        var probedHere = 0
        if let probeAtOnce {
            let remote = files.indices.filter { reusable[$0] == nil && files[$0].etag != nil }
            let results = Self.probe(remote.map { files[$0].path }, in: self.files, probe: probeAtOnce) { done, position in
                progress(ScanProgress(probed: done, toProbe: toProbe, found: files.count, relativePath: files[remote[position]].relativePath))
            }
            probedAhead = Dictionary(uniqueKeysWithValues: zip(remote, results))
        }
        for (index, file) in files.enumerated() {
            let known = reusable[index].map { cached[$0] }
            let found = sidecars.captures(for: file, known: known)
            let album = sidecars.album(for: file, known: known)
            if var entry = known {
                entry.relativePath = file.relativePath
                entry.sidecar = found.sidecar
                entry.takeoutSidecar = found.takeout
                entry.albums = album.albums
                entry.albumFolder = album.source
                if reusable[index] != index || entry != known { changed = true }
                entries.append(entry)
                continue
            }
            let result: ProbeResult
            if let ahead = probedAhead[index] {
                result = ahead
            } else {
                progress(ScanProgress(probed: probedAhead.count + probedHere, toProbe: toProbe, found: files.count, relativePath: file.relativePath))
                result = Self.probe(file.path, in: self.files, with: probe)
                probedHere += 1
            }
            entries.append(
                MediaEntry(
                    path: file.path, relativePath: file.relativePath, size: file.size, modificationTime: file.modificationTime,
                    inode: file.inode, etag: file.etag, probe: result, sidecar: found.sidecar, takeoutSidecar: found.takeout,
                    albums: album.albums, albumFolder: album.source))
            probed += 1
            changed = true
        }
        if let cacheFile, changed {
            // A file on a server that did not read is probed again next time: the reason may be the network's.
            let kept = entries.filter { entry in
                if case .unreadable = entry.probe, entry.etag != nil { false } else { true }
            }
            try IndexCache.save(kept, roots: rootNames, to: cacheFile)
        }
        return LibraryScan(entries: entries, probedCount: probed, reusedCount: files.count - probed)
    }

    /// Probes of files on servers at once, each waiting mostly on its server.
    static let serverProbes = 8

    /// `probe` of the library file `path` at its location; a file on a server this process did not list is
    /// unreadable, with why.
    static func probe(_ path: String, in files: LibraryFiles, with probe: (MediaLocation) -> ProbeResult) -> ProbeResult {
        do {
            return probe(try files.location(path))
        } catch {
            guard case let .io(path, reason) = error else { return .unreadable(reason: "\(error)") }
            return .unreadable(reason: "\(path): \(reason)")
        }
    }

    /// `probe` of every library file of `urls`, `serverProbes` at once on a lane, in the order of `urls`;
    /// `finished(done, position)` is told on the calling thread as each one ends (its position in `urls`).
    static func probe(
        _ urls: [String], in files: LibraryFiles, probe: @escaping @Sendable (MediaLocation) -> ProbeResult, finished: (Int, Int) -> Void
    ) -> [ProbeResult] {
        guard !urls.isEmpty else { return [] }
        let lane = Lane("dvpipe probe", width: serverProbes)
        // Each probe's position, as it ends.
        let ended = BoundedQueue<Int>(capacity: urls.count)
        let probes = urls.indices.map { position in
            lane.submit {
                defer { ended.put(position) }
                return Self.probe(urls[position], in: files, with: probe)
            }
        }
        for done in 1...urls.count {
            if let position = ended.take() { finished(done, position) }
        }
        return probes.map { (try? $0.wait()) ?? .unreadable(reason: "not probed") }
    }

    /// The files of the library on the server `root` names, as the walk gives local ones, and the root's
    /// address; registers them with `files` for the probe and the render to read.
    private func list(server root: URL, isExcluded: (String) -> Bool) throws -> (address: String, files: [LibraryWalk.File]) {
        let text = root.absoluteString
        let library: LibraryRoot
        do {
            library = try LibraryRoot(text)
        } catch {
            throw LibraryScanError.unlistedServer(address: ServerAddress.withoutCredentials(text), reason: error.description)
        }
        let cache =
            blockCache
            ?? BlockCache(
                folder: FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-library-blocks-\(getuid())", isDirectory: true),
                limit: RemoteLibrary.cacheLimit(environment: access.environment))
        do {
            let listed = try files.servers.list(library, access: access, cache: cache, isExcluded: isExcluded)
            return (
                library.address,
                listed.map {
                    LibraryWalk.File(
                        path: $0.address, relativePath: $0.relativePath, size: $0.size, modificationTime: $0.modificationTime, inode: 0,
                        etag: $0.etag)
                }
            )
        } catch {
            throw LibraryScanError.unlistedServer(address: library.address, reason: "\(error)")
        }
    }
}

/// The sidecar files the walk found, by folder, and how a media file's sidecars and album are found and read.
private struct SidecarFolders {
    /// One folder's sidecar files, by name, and the JSON files that may describe its album.
    private struct Folder {
        var names: SidecarNames
        var files: [String: LibraryWalk.File]
        var albumCandidates: [String]
    }

    private var byFolder: [Substring: Folder] = [:]
    /// Each album folder's JSON as read in this scan (nil when no candidate reads as an album), so a folder's
    /// JSON is read at most once per scan, and only when a file's cached album no longer matches it.
    private var albumsRead: [Substring: SidecarCapture?] = [:]
    /// How a sidecar is read.
    private let library: LibraryFiles

    /// Largest sidecar read: Takeout's JSON and XMP sidecars are a few kilobytes; a Takeout JSON naming
    /// 10,000 people is about 300 KB.
    private static let largest: Int64 = 1 << 20

    init(_ files: [LibraryWalk.File], media: [LibraryWalk.File], files library: LibraryFiles) {
        self.library = library
        let grouped = Dictionary(grouping: files) { Self.folder(of: $0.path) }
        let mediaByFolder = Dictionary(grouping: media) { Self.folder(of: $0.path) }
        for (folder, files) in grouped {
            let named = Dictionary(files.map { (Self.name(of: $0.relativePath), $0) }, uniquingKeysWith: { first, _ in first })
            let names = SidecarNames(named.keys)
            let claimed = Set(
                (mediaByFolder[folder] ?? []).flatMap { Sidecar.findAll(for: Self.name(of: $0.relativePath), among: names).map(\.name) })
            byFolder[folder] = Folder(
                names: names, files: named, albumCandidates: TakeoutAlbum.metadataCandidates(among: named.keys, claimed: claimed))
        }
    }

    /// The sidecars of `file`: the one whose time counts (an XMP sidecar, else Takeout's JSON) and Takeout's
    /// JSON when there is an XMP sidecar too. Each is `known`'s (the cache's entry) when that sidecar file is
    /// unchanged, else read anew.
    func captures(for file: LibraryWalk.File, known: MediaEntry?) -> (sidecar: SidecarCapture?, takeout: SidecarCapture?) {
        guard let folder = byFolder[Self.folder(of: file.path)] else { return (nil, nil) }
        let found = Sidecar.findAll(for: Self.name(of: file.relativePath), among: folder.names).compactMap { name, kind in
            folder.files[name].map { sidecar in
                [known?.sidecar, known?.takeoutSidecar].compactMap(\.self).first { Self.isUnchanged($0, sidecar) }
                    ?? capture(of: sidecar, kind: kind)
            }
        }
        return (found.first, found.count > 1 ? found[1] : nil)
    }

    /// The albums of `file` and the album folder's JSON they come from: `known`'s (the cache's entry) when that
    /// JSON is unchanged, else read anew (once per folder per scan); nil when its folder is no album.
    mutating func album(for file: LibraryWalk.File, known: MediaEntry?) -> (albums: [String]?, source: SidecarCapture?) {
        let key = Self.folder(of: file.path)
        guard let folder = byFolder[key], !folder.albumCandidates.isEmpty else { return (nil, nil) }
        if let source = known?.albumFolder, let albums = known?.albums, let current = folder.files[Self.name(of: source.relativePath)],
            Self.isUnchanged(source, current)
        {
            return (albums, source)
        }
        if albumsRead[key] == nil {
            var read: SidecarCapture?
            for name in folder.albumCandidates where read == nil {
                read = folder.files[name].flatMap(albumCapture(of:))
            }
            albumsRead[key] = .some(read)
        }
        guard let source = albumsRead[key] ?? nil else { return (nil, nil) }
        return (source.annotations?.albums, source)
    }

    /// The sidecar `sidecar` of kind `kind`, read.
    private func capture(of sidecar: LibraryWalk.File, kind: Sidecar.Kind) -> SidecarCapture {
        let data = sidecar.size <= Self.largest ? library.contents(of: sidecar.path, size: Int(sidecar.size)).map { Data($0) } : nil
        let time = data.flatMap { kind == .takeout ? Sidecar.takeoutCaptureTime(json: $0) : Sidecar.xmpCaptureTime(xml: $0) }
        let annotations: Annotations? =
            switch kind {
            case .takeout: data.flatMap(Sidecar.takeoutAnnotations(json:))
            case .xmp: data.flatMap { XMPAnnotations.read(sidecar: Array($0)) }
            case .takeoutAlbum: nil
            }
        return SidecarCapture(
            kind: kind, relativePath: sidecar.relativePath, size: sidecar.size, modificationTime: sidecar.modificationTime,
            inode: sidecar.inode, captureTime: time, annotations: annotations,
            problem: Self.problem(of: data, kind: kind, size: sidecar.size, found: time != nil || annotations != nil))
    }

    /// Why the sidecar of `kind` whose bytes are `data` (nil: not read) gave nothing, or nil when it is what
    /// its name says: too large or unreadable; a Takeout JSON that is not JSON; an XMP sidecar without an
    /// RDF packet.
    private static func problem(of data: Data?, kind: Sidecar.Kind, size: Int64, found: Bool) -> String? {
        guard !found else { return nil }
        guard let data else {
            return size > largest ? "is larger than \(largest >> 20) MiB and was not read" : "could not be read"
        }
        switch kind {
        case .takeout: return (try? JSONSerialization.jsonObject(with: data)) == nil ? "is not JSON" : nil
        case .xmp: return data.range(of: Data("rdf:RDF".utf8)) == nil && data.range(of: Data("RDF".utf8)) == nil ? "holds no XMP packet" : nil
        case .takeoutAlbum: return nil
        }
    }

    /// The album folder's JSON `file`, read, with its albums as its annotations; nil when it does not read as
    /// an album's (`TakeoutAlbum.title(json:name:)`).
    private func albumCapture(of file: LibraryWalk.File) -> SidecarCapture? {
        let name = Self.name(of: file.relativePath)
        guard file.size <= Self.largest, let bytes = library.contents(of: file.path, size: Int(file.size)),
            let title = TakeoutAlbum.title(json: Data(bytes), name: name)
        else { return nil }
        let folderName = Self.name(of: String(Self.folder(of: file.path)))
        return SidecarCapture(
            kind: .takeoutAlbum, relativePath: file.relativePath, size: file.size, modificationTime: file.modificationTime, inode: file.inode,
            captureTime: nil, annotations: Annotations(albums: TakeoutAlbum.albums(title: title, folderName: folderName)))
    }

    /// True when `known` was read from `file` as it is now: same path, size, modification time and inode.
    private static func isUnchanged(_ known: SidecarCapture, _ file: LibraryWalk.File) -> Bool {
        known.relativePath == file.relativePath && known.size == file.size && known.modificationTime == file.modificationTime
            && known.inode == file.inode
    }

    private static func folder(of path: String) -> Substring {
        path.lastIndex(of: "/").map { path[..<$0] } ?? ""
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

import Foundation
import Synchronization

/// The libraries on servers a scan has listed, and how to read their files: a library file's path in the
/// index is its address (`https://…`, `s3://…`), and whoever makes a clip's location (DVRender's
/// `LibraryFiles`) asks here for a `RemoteFile`, which reads it by ranges through the listing root's client,
/// with the ETag and size the listing gave and the block cache of the work folder that listed it.
///
/// One per planned job, made by its scan and kept with it: listing a root registers it and its files;
/// nothing else does.
package final class RemoteLibrary: Sendable {
    package init() {}

    /// How the files of one root are fetched.
    private struct Root: Sendable {
        var client: HTTPClient
        var cache: BlockCache
    }

    /// A listed file: its root, where it is fetched from, and the stamps its reads must match.
    private struct Known: Sendable {
        var root: String
        var url: URL
        var size: Int
        var etag: String
        /// Why the file cannot be read though listed (a size not believed).
        var problem: ListedSizeProblem?
    }

    private struct State {
        var roots: [String: Root] = [:]
        var files: [String: Known] = [:]
        /// Files whose server answered a range request with the whole file: read whole from then on.
        var readWhole: Set<String> = []
        /// Cache folders trimmed by this process (once each).
        var trimmed: Set<URL> = []
    }

    private let state = Mutex(State())
    private let bytes = Atomic<Int>(0)
    private let wholeFileWarnings = Mutex<[String]>([])

    /// Most bytes the block cache of a work folder keeps: `DVPIPE_LIBRARY_CACHE_MB`, else 4 GiB.
    package static func cacheLimit(environment: [String: String]) -> Int64 {
        environment["DVPIPE_LIBRARY_CACHE_MB"].flatMap(Int64.init).map { max(0, $0) << 20 } ?? 4 << 30
    }

    /// Whether `path` is a server address rather than a local path.
    package static func isRemote(_ path: String) -> Bool {
        path.hasPrefix("https://") || path.hasPrefix("http://") || path.hasPrefix("s3://")
    }

    /// The files under `root` that `isExcluded` leaves in (asked about every relative path, an excluded
    /// folder not entered), sorted by relative path; registers the root and the files, to be read through
    /// `cache`. Trims `cache` to its limit the first time this process meets it.
    package func list(_ root: LibraryRoot, access: RemoteAccess, cache: BlockCache, isExcluded: (String) -> Bool) throws -> [RemoteFileListing] {
        let client: HTTPClient
        let files: [(listing: RemoteFileListing, url: URL)]
        switch root {
        case let .webDAV(url):
            client = HTTPClient(policy: try access.policy(), header: try access.header(for: url, purpose: .library))
            files = try WebDAVListing(root: url, client: client).files(isExcluded: isExcluded).compactMap { file in
                URL(string: file.address).map { (file, $0) }
            }
        case let .s3(location):
            let endpoint: S3Endpoint
            (endpoint, client) = try access.s3(policy: try access.policy())
            files = try S3Listing(endpoint: endpoint).list(location, client: client).compactMap { object in
                location.file(object, isExcluded: isExcluded).map { ($0, endpoint.objectURL(location, key: object.key)) }
            }
        }
        let trim = state.withLock { state in
            state.roots[root.address] = Root(client: client, cache: cache)
            for (file, url) in files {
                state.files[file.address] = Known(root: root.address, url: url, size: Int(file.size), etag: file.etag, problem: file.problem)
            }
            return state.trimmed.insert(cache.folder).inserted
        }
        if trim { cache.trim() }
        return files.map(\.listing)
    }

    /// A reader of the listed file at `address`; throws when this process has not listed it, or listed it
    /// with a size it does not believe.
    package func file(_ address: String) throws(RemoteReadError) -> RemoteFile {
        let found = state.withLock { state in
            state.files[address].flatMap { known in state.roots[known.root].map { (known, $0) } }
        }
        guard let (known, root) = found else {
            throw RemoteReadError(address: address, reason: "not listed by this run's scan of library.paths")
        }
        if let problem = known.problem {
            throw RemoteReadError(address: address, reason: "the server lists it with \(problem); it is not read")
        }
        return RemoteFile(
            address: address, url: known.url, size: known.size, etag: known.etag, client: root.client, cache: root.cache, library: self)
    }

    /// Whether `address` lies under a root this library listed: its file is read from the server, never from disk.
    package func holds(_ address: String) -> Bool {
        state.withLock { state in state.roots.keys.contains { address.hasPrefix($0) } }
    }

    /// The size and ETag the listing gave the file at `address`; nil when this process has not listed it.
    package func listed(_ address: String) -> (size: Int, etag: String)? {
        state.withLock { $0.files[address].map { ($0.size, $0.etag) } }
    }

    /// Bytes fetched from libraries by this process so far.
    package var bytesFetched: Int { bytes.load(ordering: .relaxed) }

    /// The warnings of files read whole because their server ignored a range request, each once, taken
    /// from the list (the caller shows them).
    package func takeWholeFileWarnings() -> [String] {
        wholeFileWarnings.withLock { warnings in
            defer { warnings.removeAll() }
            return warnings
        }
    }

    func counted(bytes count: Int) {
        bytes.add(count, ordering: .relaxed)
    }

    func isReadWhole(_ address: String) -> Bool {
        state.withLock { $0.readWhole.contains(address) }
    }

    func readWhole(_ address: String, server: String) {
        let first = state.withLock { $0.readWhole.insert(address).inserted }
        guard first else { return }
        wholeFileWarnings.withLock {
            $0.append("\(address): \(server) answered a range request with the whole file; it is fetched whole")
        }
    }
}

import ArgumentParser
import DVPlanning
import DVRender
import Foundation

/// `--cache DIR|URL`, `--no-cache` and `--cache-read-only`: the cache of rendered segments shared by every
/// job, as a folder on this machine or a segment store on a server (`http://`, `https://`).
struct CacheFlags: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Cache of rendered segments shared by every job and work folder: a folder, or a segment store at an http:// or https:// URL that runners sharing no disk can reach (Bazel's remote-cache layout, ac/ and cas/, as nginx WebDAV or bazel-remote serve it; a header from $DVPIPE_CACHE_HEADER, e.g. 'Authorization: Bearer …'). Default: $DVPIPE_CACHE, else $XDG_CACHE_HOME/dvpipe, else ~/.cache/dvpipe; DVPIPE_CACHE=off for none.",
            valueName: "dir|url"
        ))
    var cache: String?

    @Flag(name: .long, help: "Use no shared cache: only the work folder.")
    var noCache = false

    @Flag(name: .long, help: "Take segments from the cache but put none into it (also DVPIPE_CACHE_READ_ONLY=1): for pull requests from forks.")
    var cacheReadOnly = false

    func validate() throws {
        if cache != nil && noCache {
            throw ValidationError("give either --cache DIR|URL or --no-cache, not both")
        }
        _ = try resolved()
    }

    /// The cache these flags and the environment name: a folder, a segment store on a server, or neither.
    /// Call once per command: each call opens the store anew.
    func caches() throws -> (folder: SegmentCache?, store: RemoteSegmentStore?) {
        let (folder, store) = try resolved()
        return (folder, store.map(RemoteSegmentStore.init(settings:)))
    }

    /// The folder cache, for the commands that look into one (`dvpipe cache`); a server is an error, since
    /// what it holds and keeps is the server's to say.
    func folderOnly() throws -> SegmentCache? {
        let (folder, store) = try resolved()
        if let store {
            throw ValidationError(
                "\(store.display) is a segment store on a server: its size and pruning are the server's (bazel-remote's --max_size, or the WebDAV folder's); `dvpipe cache` looks into a cache folder"
            )
        }
        return folder
    }

    /// The cache named by `--cache`, else `DVPIPE_CACHE`, else the default folder: a folder, or the settings
    /// of a server.
    private func resolved() throws -> (folder: SegmentCache?, store: RemoteStoreSettings?) {
        if noCache { return (nil, nil) }
        let environment = ProcessInfo.processInfo.environment
        let readOnly = cacheReadOnly || ["1", "true", "yes"].contains((environment["DVPIPE_CACHE_READ_ONLY"] ?? "").lowercased())
        let named = cache ?? environment["DVPIPE_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let named else {
            var folder = SegmentCache.fromEnvironment(environment)
            folder?.readOnly = readOnly
            return (folder, nil)
        }
        let source = cache == nil ? "DVPIPE_CACHE" : "--cache"
        if ServerAddress.isAddress(named) {
            do {
                return (nil, try RemoteStoreSettings(address: named, readOnly: readOnly, environment: environment))
            } catch {
                throw ValidationError("\(source): \(error)")
            }
        }
        if named == "off" && cache == nil { return (nil, nil) }
        if Self.looksLikeHostAndPort(named) {
            let shown = ServerAddress.withoutCredentials(named)
            throw ValidationError(
                "\(source) '\(shown)' looks like a server without its scheme: write http://\(shown) for a segment store, or ./\(shown) for a folder")
        }
        return (SegmentCache(root: URL(fileURLWithPath: named).standardizedFileURL, readOnly: readOnly), nil)
    }

    /// `host:8080/path`: a first component ending in a port number, which a folder name hardly is.
    static func looksLikeHostAndPort(_ text: String) -> Bool {
        let first = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard let colon = first.lastIndex(of: ":"), colon != first.startIndex else { return false }
        let port = first[first.index(after: colon)...]
        return !port.isEmpty && port.count <= 5 && port.allSatisfy(\.isNumber)
    }
}

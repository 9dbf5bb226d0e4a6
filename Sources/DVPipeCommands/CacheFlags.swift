import ArgumentParser
import DVRender
import Foundation

/// `--cache DIR` and `--no-cache`: the cache of rendered segments shared by every job.
struct CacheFlags: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Cache of rendered segments shared by every job and work folder (default: $DVPIPE_CACHE, else $XDG_CACHE_HOME/dvpipe, else ~/.cache/dvpipe; DVPIPE_CACHE=off for none).",
        valueName: "dir"
    ))
    var cache: String?

    @Flag(name: .long, help: "Use no shared cache: only the work folder.")
    var noCache = false

    func validate() throws {
        if cache != nil && noCache {
            throw ValidationError("give either --cache DIR or --no-cache, not both")
        }
    }

    /// The cache these flags and the environment name; nil for none.
    var segmentCache: SegmentCache? {
        if noCache { return nil }
        if let cache { return SegmentCache(root: URL(fileURLWithPath: cache).standardizedFileURL) }
        return SegmentCache.fromEnvironment(ProcessInfo.processInfo.environment)
    }
}

import ArgumentParser
import DVRender
import Foundation

/// `dvpipe cache`: what the shared cache of rendered segments holds, and pruning it.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Show the shared cache of rendered segments: size, entries and hit rate.",
        discussion: """
            Every job and work folder shares one cache of rendered segments, named by content, so a job \
            renders only what no job rendered before (a year's reel after its months' reels renders the \
            month boundaries). Rendered segments are linked into it and taken from it by `run` and \
            `render`. The hit rate counts the segments runs looked for there.

            Example:
              dvpipe cache
              dvpipe cache prune --max-size 20G
            """,
        subcommands: [CachePruneCommand.self]
    )

    @OptionGroup var cacheFlags: CacheFlags

    func run() throws {
        guard let cache = try cacheFlags.folderOnly() else {
            printOut("no cache (--no-cache or DVPIPE_CACHE=off)")
            return
        }
        let usage = cache.usage()
        printOut("cache: \(cache.root.path)")
        printOut("  \(usage.entries) segments, \(RunSummary.byteText(usage.bytes))")
        if let rate = usage.hitRate {
            printOut(
                String(
                    format: "  hit rate: %.0f%% (%d of %d segments looked for, over %d runs)", rate * 100, usage.hits, usage.hits + usage.misses,
                    usage.runs))
        } else {
            printOut("  hit rate: no run has looked for a segment yet")
        }
    }
}

/// `dvpipe cache prune`: removes the least recently used segments down to a size.
struct CachePruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove the least recently used segments until the cache is at most --max-size.",
        discussion: """
            Safe while other runs use the cache: a segment's record goes first, so no run takes it from \
            then on, and a run that already took it keeps its own link in its work folder.

            Example:
              dvpipe cache prune --max-size 20G
            """
    )

    @OptionGroup var cacheFlags: CacheFlags

    @Option(name: .long, help: ArgumentHelp("The most the cache may hold: bytes, or with K, M, G or T (powers of 1024).", valueName: "size"))
    var maxSize: String

    func validate() throws {
        if Self.bytes(maxSize) == nil {
            throw ValidationError("--max-size takes a size such as 500M or 20G, not '\(maxSize)'")
        }
    }

    /// `20G` as bytes; nil when malformed.
    static func bytes(_ text: String) -> Int64? {
        let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        guard let last = text.uppercased().last else { return nil }
        if let unit = units[last] {
            return Double(text.dropLast()).flatMap { $0 >= 0 ? Int64($0 * Double(unit)) : nil }
        }
        return Int64(text).flatMap { $0 >= 0 ? $0 : nil }
    }

    func run() throws {
        guard let cache = try cacheFlags.folderOnly(), let limit = Self.bytes(maxSize) else {
            printOut("no cache (--no-cache or DVPIPE_CACHE=off)")
            return
        }
        let removed = cache.prune(maxBytes: limit)
        let usage = cache.usage()
        printOut(
            "removed \(removed.segments) segments (\(RunSummary.byteText(removed.bytes))); \(usage.entries) left, \(RunSummary.byteText(usage.bytes))"
        )
    }
}

import DVFiles
import DVMedia
import DVPlanning
import Foundation

/// The analyses of clips (`MomentScores`, for `start: auto` and `order: best`) kept in the work folder
/// (`moments.json`) by the clip's content digest, so that a warm plan decodes nothing again and a work
/// folder restored on another machine, at another path, is reused. Analyses of another analyser version
/// are dropped.
final class MomentStore: @unchecked Sendable {
    // @unchecked: `scores` is only touched with `lock` held.
    private struct Stored: Codable {
        var version: Int
        var scores: [String: MomentScores]
    }

    private let file: URL?
    private let lock = NSLock()
    private var scores: [String: MomentScores]
    private var changed = false

    /// The analyses kept in `file` (none when it is missing, unreadable or of another version); nil: keep nothing.
    init(file: URL?) {
        self.file = file
        let stored = file.flatMap { try? JSONDecoder().decode(Stored.self, from: Data(contentsOf: $0)) }
        scores = stored?.version == MomentAnalyzer.version ? stored?.scores ?? [:] : [:]
    }

    /// The analysis of each clip of `paths` (absolute paths of `entries`), by path: kept ones by content
    /// digest, the others made now, several at once, as the `analyze` stage. A clip that cannot be decoded
    /// has none (the plan then warns and starts its window at 0).
    func scores(
        of paths: [String], entries: [String: MediaEntry], digests: ContentDigests, observer: some RenderObserver
    ) -> [String: MomentScores] {
        let identities = digests.digests(of: paths, observer: observer)
        var found: [String: MomentScores] = [:]
        var missing: [(path: String, digest: String, info: MediaInfo)] = []
        lock.withLock {
            for path in paths {
                guard let digest = identities[path], case .media(let info)? = entries[path]?.probe else { continue }
                if let kept = scores[digest] {
                    found[path] = kept
                } else {
                    missing.append((path, digest, info))
                }
            }
        }
        guard !missing.isEmpty else { return found }
        let toAnalyse = missing
        observer.handle(.stageStarted(.analyze, total: toAnalyse.count))
        let made = ConcurrentResults<MomentScores>(count: toAnalyse.count)
        DispatchQueue.concurrentPerform(iterations: toAnalyse.count) { index in
            let clip = toAnalyse[index]
            let length = TimeSpan(seconds: clip.info.duration ?? 0)
            let result = try? MomentAnalyzer.analyze(path: clip.path, byteRange: clip.info.embeddedMovie?.byteRange, length: length)
            let done = made.set(result, at: index)
            observer.handle(.unitFinished(.analyze, done: done, total: toAnalyse.count, reused: false, name: clip.path))
        }
        observer.handle(.stageFinished(.analyze))
        lock.withLock {
            for (clip, result) in zip(toAnalyse, made.values) {
                guard let result else { continue }
                found[clip.path] = result
                scores[clip.digest] = result
                changed = true
            }
        }
        return found
    }

    /// Writes the analyses made since the last save into the work folder; nothing when none were.
    func save() throws {
        guard let file else { return }
        let data: Data? = try lock.withLock {
            guard changed else { return nil }
            changed = false
            return try JSONCoding.encoder.encode(Stored(version: MomentAnalyzer.version, scores: scores))
        }
        guard let data else { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileSync.writeAtomically(data, to: file)
    }
}

import DVMedia
import DVPlanning
import Foundation

/// The analyses of clips (`MomentScores`, for `start: auto` and `order: best`) kept in the work folder
/// (`moments.json`) by the clip's content digest, so that a warm plan decodes nothing again and a work
/// folder restored on another machine, at another path, is reused. Analyses of another analyser version
/// are dropped.
final class MomentCache: Sendable {
    private struct Stored: VersionedManifest {
        static let currentVersion = 1
        var version = currentVersion
        /// The version of the analyser that made the scores.
        var analyser: Int
        var scores: [String: MomentScores]
    }

    private let stored: KeptJSON<Stored>

    /// The analyses kept in `file` (none when it is missing, unreadable, of another format or another
    /// analyser version); nil: keep nothing.
    init(file: URL?) {
        stored = KeptJSON(
            file: file, empty: Stored(analyser: MomentAnalyzer.version, scores: [:]), usable: { $0.analyser == MomentAnalyzer.version })
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
        stored.read { stored in
            for path in paths {
                guard let digest = identities[path], case .media(let info)? = entries[path]?.probe else { continue }
                if let kept = stored.scores[digest] {
                    found[path] = kept
                } else {
                    missing.append((path, digest, info))
                }
            }
        }
        guard !missing.isEmpty else { return found }
        let toAnalyse = missing
        let made = ConcurrentResults<MomentScores>.make(.analyze, names: toAnalyse.map(\.path), observer: observer) { index in
            let clip = toAnalyse[index]
            return try? MomentAnalyzer.analyze(
                digests.files.location(clip.path, byteRange: clip.info.embeddedMovie?.byteRange), length: TimeSpan(seconds: clip.info.duration ?? 0))
        }
        stored.change { stored in
            var added = false
            for (clip, result) in zip(toAnalyse, made) {
                guard let result else { continue }
                found[clip.path] = result
                stored.scores[clip.digest] = result
                added = true
            }
            return added
        }
        return found
    }

    /// Writes the analyses made since the last save into the work folder; nothing when none were.
    func save() throws {
        try stored.save()
    }
}

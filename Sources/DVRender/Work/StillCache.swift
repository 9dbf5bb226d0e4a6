import DVMedia
import DVPlanning
import Foundation

/// The analyses of photos (`StillFacts`: size, faces, centre of interest, score) kept in the work folder
/// (`stills.json`) by the photo's content digest, so that a warm plan decodes nothing again. Facts of another
/// analyser version are dropped.
final class StillCache: Sendable {
    private struct Stored: VersionedManifest {
        static let currentVersion = 1
        var version = currentVersion
        /// The versions of the still and face analysers that found the facts.
        var analyser: String
        var facts: [String: StillFacts]
    }

    private static let analyser = "\(StillAnalyzer.version).\(FaceAnalyzer.version)"
    private let stored: KeptJSON<Stored>
    private let files: LibraryFiles

    /// The facts kept in `file` (none when it is missing, unreadable or of another version); nil: keep
    /// nothing. The photos are read through `files`.
    init(file: URL?, files: LibraryFiles) {
        self.files = files
        stored = KeptJSON(file: file, empty: Stored(analyser: Self.analyser, facts: [:]), usable: { $0.analyser == Self.analyser })
    }

    /// The facts of each photo of `paths`, by path: kept ones by content digest, the others found now, several
    /// at once, as the `analyze` stage. A photo that cannot be decoded has none (its render reports it).
    /// Without OpenCV's cascades the faces are not searched, and what is found then is not kept.
    func facts(of paths: [String], digests: ContentDigests, observer: some RenderObserver) -> [String: StillFacts] {
        let identities = digests.digests(of: paths, observer: observer)
        var found: [String: StillFacts] = [:]
        var missing: [(path: String, digest: String)] = []
        stored.read { stored in
            for path in Set(paths).sorted() {
                guard let digest = identities[path] else { continue }
                if let kept = stored.facts[digest] {
                    found[path] = kept
                } else {
                    missing.append((path, digest))
                }
            }
        }
        guard !missing.isEmpty else { return found }
        let detector = try? FaceAnalyzer.detector()
        let toAnalyse = missing
        let files = files
        let made = ConcurrentResults<StillFacts>.make(.analyze, names: toAnalyse.map(\.path), observer: observer) { index in
            try? StillAnalyzer.analyze(files.location(toAnalyse[index].path, byteRange: nil), detector: detector)
        }
        stored.change { stored in
            var added = false
            for (photo, result) in zip(toAnalyse, made) {
                guard let result else { continue }
                found[photo.path] = result
                if detector != nil {
                    stored.facts[photo.digest] = result
                    added = true
                }
            }
            return added
        }
        try? stored.save()
        return found
    }
}

import DVMedia
import DVPlanning
import DVSignal
import Foundation

/// The faces found in chosen clips' windows for `fit: subject` (`FaceAnalyzer`), kept in the work folder
/// (`faces.json`) by the clip's content digest and the window, so that a warm plan decodes nothing again
/// and a work folder restored elsewhere is reused. Faces of another analyser version are dropped.
final class FaceCache: Sendable {
    private struct Stored: VersionedManifest {
        static let currentVersion = 1
        var version = currentVersion
        /// The version of the analyser that found the faces.
        var analyser: Int
        /// By `digest@startMilliseconds+frames/fps`, with `×speed` after for a clip not at real time.
        var faces: [String: [FaceSample]]
    }

    /// A clip's window, as the faces are found in it.
    struct Window: Hashable, Sendable {
        var clip: ClipSource
        var fps: Int

        /// The window's name in the cache: the file's content, never its path.
        var key: String { "\(clip.identity)@\(clip.startMilliseconds)+\(clip.frameCount)/\(fps)" + (clip.speed.map { "×\($0)" } ?? "") }
    }

    private let stored: KeptJSON<Stored>

    /// How the clips' files are opened.
    private let files: LibraryFiles

    /// The faces kept in `file` (none when it is missing, unreadable or of another version); nil: keep nothing.
    /// The clips are read through `files`.
    init(file: URL?, files: LibraryFiles) {
        self.files = files
        stored = KeptJSON(file: file, empty: Stored(analyser: FaceAnalyzer.version, faces: [:]), usable: { $0.analyser == FaceAnalyzer.version })
    }

    /// The faces of each of `windows`: kept ones, the others found now, several clips at once, as the
    /// `faces` stage. A clip that cannot be decoded has none (its render reports it).
    func faces(of windows: [Window], observer: some RenderObserver) throws -> [Window: [FaceSample]] {
        var found: [Window: [FaceSample]] = [:]
        var missing: [Window] = []
        stored.read { stored in
            for window in Set(windows) {
                if let kept = stored.faces[window.key] {
                    found[window] = kept
                } else {
                    missing.append(window)
                }
            }
        }
        guard !missing.isEmpty else { return found }
        missing.sort { $0.key < $1.key }
        let detector = try FaceAnalyzer.detector()
        let toAnalyse = missing
        let files = files
        let made = ConcurrentResults<[FaceSample]>.make(.faces, names: toAnalyse.map(\.clip.path), observer: observer) { index in
            let window = toAnalyse[index]
            return try? FaceAnalyzer.faces(
                in: files.location(window.clip.path, byteRange: window.clip.byteRange), windowStart: Double(window.clip.startMilliseconds) / 1000,
                frameCount: window.clip.frameCount, fps: window.fps, speed: window.clip.speed ?? .realTime, detector: detector
            )
        }
        stored.change { stored in
            var added = false
            for (window, result) in zip(toAnalyse, made) {
                guard let result else { continue }
                found[window] = result
                stored.faces[window.key] = result
                added = true
            }
            return added
        }
        try? stored.save()
        return found
    }
}

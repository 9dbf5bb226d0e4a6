import DVSignal
import Foundation

/// What the still analysis finds in a photo: its upright size, the faces in it, where its interest lies and
/// how good it looks, for its motion (`StillMotion`) and for `order: best` among a day's photos.
package struct StillFacts: Sendable, Hashable, Codable {
    /// The photo's full upright size in pixels.
    package var width: Int
    package var height: Int
    /// The faces found, in unit coordinates of the upright picture.
    package var faces: [UnitRect]
    /// Where its detail and contrast gather, in unit coordinates; nil for a flat picture.
    package var interest: UnitPoint?
    /// Its quality, 0…1 (sharpness, exposure, contrast), as `order: best` ranks photos.
    package var score: Double

    package init(width: Int, height: Int, faces: [UnitRect] = [], interest: UnitPoint? = nil, score: Double = 0) {
        self.width = width
        self.height = height
        self.faces = faces
        self.interest = interest
        self.score = score
    }
}

/// Analyses a photo once from a small decode: the faces OpenCV's cascades find (as `FaceAnalyzer` does in a
/// clip's frames), its centre of interest and its score.
package enum StillAnalyzer {
    /// Bumped when the facts found for the same photo would change.
    package static let version = 1

    /// The facts of the photo at `location`; without a `detector` (no cascades installed), no faces.
    package static func analyze(_ location: MediaLocation, detector: FaceDetector?) throws(MediaError) -> StillFacts {
        let still = try StillDecoder.decode(
            location, covering: (FaceAnalyzer.proxyWidth, FaceAnalyzer.proxyWidth), format: .sdr8, toneMap: true, look: nil)
        let proxy = MomentAnalyzer.proxy(of: still.frame, maxWidth: FaceAnalyzer.proxyWidth)
        let faces = (detector?.faces(in: proxy) ?? []).map { face in
            UnitRect(
                x: Double(face.rect.x) / Double(proxy.width), y: Double(face.rect.y) / Double(proxy.height),
                width: Double(face.rect.width) / Double(proxy.width), height: Double(face.rect.height) / Double(proxy.height))
        }
        let interest = InterestPoint(proxy)
        return StillFacts(width: still.fullWidth, height: still.fullHeight, faces: faces, interest: interest.centre, score: interest.score)
    }
}

import DVMedia
import DVPlanning
import DVSignal

/// The photos a photo day (or a photo layer) shows one after another, each with its slow motion, as the
/// executor reads them. Encoded (for keys) without paths: the photos' content names the work.
package struct StillShow: Sendable, Hashable, Encodable {
    /// The photos in the order shown; their frames add up to the piece's.
    package var shots: [StillShot]

    package init(shots: [StillShot]) {
        self.shots = shots
    }

    /// The shot shown at the piece's frame `index`, with its own frame index; the last shot for frames past
    /// the end.
    package func shot(at index: Int) -> (shot: StillShot, frame: Int)? {
        var first = 0
        for shot in shots {
            if index < first + shot.frameCount { return (shot, index - first) }
            first += shot.frameCount
        }
        return shots.last.map { ($0, index - (first - $0.frameCount)) }
    }
}

/// One photo of a `StillShow`: the file, the working size it is decoded at, and its motion over its frames.
package struct StillShot: Sendable, Hashable, Encodable {
    /// Absolute path of the file, to read it; not part of the identity.
    package var path: String
    /// The file's content digest (the still's bytes).
    package var identity: String
    /// Frames it shows.
    package var frameCount: Int
    /// The size the picture is decoded to cover (`StillDecoder`): the same for every output of the job, so
    /// the outputs rendered together draw their frames from one decode.
    package var working: PixelSize
    /// Where the picture moves, in pixels of its full upright size.
    package var motion: StillMotion
    /// The photo's full upright size, which `motion` is planned in.
    package var picture: PixelSize

    package init(path: String, identity: String, frameCount: Int, working: PixelSize, motion: StillMotion, picture: PixelSize) {
        self.path = path
        self.identity = identity
        self.frameCount = frameCount
        self.working = working
        self.motion = motion
        self.picture = picture
    }

    private enum CodingKeys: String, CodingKey {
        case identity, frameCount, working, motion, picture
    }
}

/// A width and height in pixels.
package struct PixelSize: Sendable, Hashable, Codable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

import DVPlanning
import DVSignal

/// One clip's sound in the reel, in samples at 48 kHz: where it starts and how long it lasts, how it meets
/// the next clip and the title cards, and where its window starts in its file. Encoded (for keys) with the
/// clip's content digest, not its path.
struct AudioPlacement: Encodable, Hashable {
    var clip: ClipSource
    var start: Int
    var length: Int
    var crossfadeOut: Int
    /// Samples of the intro card's transition into this clip (first clip only), over which its sound rises.
    var fadeInFromCard: Int
    /// Samples of this clip's transition into the outro card (last clip only), over which its sound falls.
    var fadeOutToCard: Int
    var startInFile: Int
    /// For a day that shows several clips at once, whose sound it plays and the layers' windows; nil for a
    /// day of one clip, whose sound is `clip`'s.
    var layered: LayeredSound?
    /// For a clip not played at real time (`clip.speed`), whether its sound is stretched or muted; nil at
    /// real time.
    var speedAudio: Job.SpeedAudio?

    /// The `WorkKey` of the clip window, which names its loudness in the cache: the file's content, where
    /// the window starts and its length; for a layered day, also the choice and each layer's window; for a
    /// clip not at real time, its speed and whether it is muted.
    func windowKey() throws -> String {
        struct Window: Encodable {
            var identity: String
            var startInFile: Int
            var length: Int
            var layered: LayeredSound?
            var speed: PlaybackSpeed?
            var speedAudio: Job.SpeedAudio?
        }
        return try WorkKey.make(
            "loudness-window",
            Window(
                identity: clip.identity, startInFile: startInFile, length: length, layered: layered, speed: clip.speed, speedAudio: speedAudio))
    }

    /// The sound of every clip of `layout`, in reel order, and the track's length in samples: each clip's
    /// frames at the output rate turned into samples, so sound and picture cross at the same instants.
    static func placements(in layout: ReelLayout) -> (placements: [AudioPlacement], length: Int) {
        let fps = layout.canvas.fps
        let sample = { (frame: Int) in AudioTimeline.sampleCount(frames: frame, fpsNumerator: fps) }
        // What is heard of a clip of `piece` at `speed`: nil at real time, else its day's choice.
        let speedAudio = { (piece: ReelLayout.Piece, speed: PlaybackSpeed?) in speed == nil ? nil : piece.day?.clip?.speedAudio ?? .keep }
        let overlap = { (piece: ReelLayout.Piece, next: ReelLayout.Piece?) in
            next.map { max(0, sample(piece.endFrame) - sample($0.firstFrame)) } ?? 0
        }
        let pieces = layout.pieces
        let clipIndices = pieces.indices.filter { pieces[$0].source.clip != nil }
        let placements: [AudioPlacement] = clipIndices.enumerated().map { order, index in
            let piece = pieces[index]
            let next = order + 1 < clipIndices.count ? pieces[clipIndices[order + 1]] : nil
            // A title card before the first clip or after the last is silent: the sound crosses with it
            // over the picture's transition.
            let cardBefore = order == 0 && index > 0 ? pieces[index - 1] : nil
            let cardAfter = order == clipIndices.count - 1 && index + 1 < pieces.count ? pieces[index + 1] : nil
            let clip = piece.source.clip!
            return AudioPlacement(
                clip: clip, start: sample(piece.firstFrame), length: sample(piece.endFrame) - sample(piece.firstFrame),
                crossfadeOut: overlap(piece, next), fadeInFromCard: cardBefore.map { overlap($0, piece) } ?? 0,
                fadeOutToCard: overlap(piece, cardAfter), startInFile: clip.startMilliseconds * StereoSamples.sampleRate / 1000,
                layered: clip.layers.map { layers in
                    LayeredSound(
                        audio: piece.day?.layerAudio ?? .mix,
                        layers: layers.map { layer in
                            LayeredSound.Layer(
                                path: layer.path, byteRange: layer.byteRange, identity: layer.identity,
                                startInFile: layer.startMilliseconds * StereoSamples.sampleRate / 1000,
                                length: min(sample(piece.endFrame), sample(piece.firstFrame + layer.frameCount)) - sample(piece.firstFrame),
                                speed: layer.speed, speedAudio: speedAudio(piece, layer.speed), isPhoto: layer.still != nil
                            )
                        })
                },
                speedAudio: speedAudio(piece, clip.speed)
            )
        }
        return (placements, sample(layout.frameCount))
    }
}

/// The sound of a day that shows several clips at once: which is heard (`layout.audio`) and each layer's
/// window, in the day's list order. Encoded (for keys) with the files' content digests, not their paths.
struct LayeredSound: Encodable, Hashable {
    /// One layer's window.
    struct Layer: Encodable, Hashable {
        /// Not part of the identity.
        var path: String
        var byteRange: Range<Int>?
        var identity: String
        var startInFile: Int
        /// Samples it plays from the day's start; silence after.
        var length: Int
        /// How fast it plays, and whether its sound is then stretched or muted; nil at real time.
        var speed: PlaybackSpeed?
        var speedAudio: Job.SpeedAudio?
        /// A photo is silent (and its layer's key names it so); a movie's key is what it always was.
        var isPhoto = false

        private enum CodingKeys: String, CodingKey {
            case identity, startInFile, length, speed, speedAudio, isPhoto
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(identity, forKey: .identity)
            try container.encode(startInFile, forKey: .startInFile)
            try container.encode(length, forKey: .length)
            try container.encodeIfPresent(speed, forKey: .speed)
            try container.encodeIfPresent(speedAudio, forKey: .speedAudio)
            if isPhoto { try container.encode(isPhoto, forKey: .isPhoto) }
        }
    }

    var audio: Job.LayerAudio
    var layers: [Layer]
}

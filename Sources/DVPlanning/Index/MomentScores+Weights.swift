/// Choosing a clip's best moment from its scores, under the job's weights.
extension MomentScores {
    /// The window `length` long, starting on a step, that scores best under `weights` within a clip
    /// `clipLength` long; the earliest of equals. Nil without steps.
    public func bestWindow(length: TimeSpan, clipLength: TimeSpan, weights: Job.MomentWeights) -> Window? {
        guard !steps.isEmpty else { return nil }
        let stepMilliseconds = Self.step.milliseconds
        let latestStart = max(0, clipLength.milliseconds - length.milliseconds)
        let stepsPerWindow = max(1, Int((length.milliseconds + stepMilliseconds - 1) / stepMilliseconds))
        var best: Window?
        var first = 0
        while Int64(first) * stepMilliseconds <= latestStart, first < steps.count {
            let covered = steps[first..<min(steps.count, first + stepsPerWindow)]
            let parts = Self.mean(covered)
            let score = weights.score(parts)
            if best.map({ score > $0.score }) ?? true {
                best = Window(start: TimeSpan(milliseconds: Int64(first) * stepMilliseconds), score: score, parts: parts)
            }
            first += 1
        }
        return best
    }

    private static func mean(_ steps: ArraySlice<Step>) -> Step {
        let count = Double(steps.count)
        func average(_ part: KeyPath<Step, Double>) -> Double {
            ((steps.reduce(0) { $0 + $1[keyPath: part] } / count) * 1000).rounded() / 1000
        }
        return Step(
            sharpness: average(\.sharpness), exposure: average(\.exposure), steadiness: average(\.steadiness),
            motion: average(\.motion), sound: average(\.sound), faces: average(\.faces)
        )
    }
}

extension Job {
    /// `selection.score`: how much each measure counts when moments and clips are compared.
    public struct MomentWeights: Sendable, Hashable, Codable {
        public var sharpness: Double
        public var exposure: Double
        public var steadiness: Double
        public var motion: Double
        public var sound: Double
        /// People in the picture: the share of the window's searched pictures with a face.
        public var faces: Double
        /// How much a file's rating counts when `order: best` ranks clips (`selection.score.rating`), beside the
        /// measures above: not a measure of a moment, so `score(_:)` leaves it out. Nil (the default) or 0: the
        /// rating does not count.
        public var rating: Double?

        public init(
            sharpness: Double = 1, exposure: Double = 1, steadiness: Double = 1, motion: Double = 0.5, sound: Double = 0.5, faces: Double = 1,
            rating: Double? = nil
        ) {
            self.sharpness = sharpness
            self.exposure = exposure
            self.steadiness = steadiness
            self.motion = motion
            self.sound = sound
            self.faces = faces
            self.rating = rating
        }

        /// The weighted mean of `parts`, rounded to thousandths; 0 when every weight is 0.
        public func score(_ parts: MomentScores.Step) -> Double {
            let total = sharpness + exposure + steadiness + motion + sound + faces
            guard total > 0 else { return 0 }
            let sum =
                sharpness * parts.sharpness + exposure * parts.exposure + steadiness * parts.steadiness
                + motion * parts.motion + sound * parts.sound + faces * parts.faces
            return ((sum / total) * 1000).rounded() / 1000
        }
    }
}

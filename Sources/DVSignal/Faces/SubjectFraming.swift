/// Where a crop window of a clip goes, frame by frame, to keep the faces in it when the clip is cropped to
/// another shape (`fit: subject`), in the manner of AutoFlip: still when one place holds every face the
/// clip shows, else a smooth pan that follows them with bounded speed and acceleration and does not turn
/// back within half a second; no crop at all when the faces cannot share one window.
///
/// Everything is measured along the axis the crop cuts (the width when a wide clip goes into a tall frame),
/// in ten-thousandths of the picture, in whole numbers: the same faces give the same path on every machine,
/// and the path applies to the picture at any size.
package struct SubjectFraming: Sendable, Hashable, Codable {
    /// The picture's extent along the cut axis, in the units of every position.
    package static let scale = 10_000

    /// What the window does over the clip.
    package enum Motion: String, Sendable, Hashable, Codable {
        /// One place shows every face.
        case still
        /// The window follows the faces.
        case pan
        /// The faces are too far apart for one window (or none was found): the clip is not cropped by
        /// subject. `none` and `fallback` differ in what the plan says.
        case fallback
        /// No face in the clip: the window stays centred, as `cover`'s.
        case none
    }

    /// What the window follows.
    package enum Subject: String, Sendable, Hashable, Codable {
        /// The faces seen in the clip.
        case faces
        /// Where something moves, in a clip without faces.
        case motion
        /// What stands out (where the edges gather), in a clip without faces or movement.
        case salience
        /// The faces its still's metadata names (named regions), in place of the faces found.
        case names
    }

    package let motion: Motion
    /// The window's left (or top) edge at each frame of the clip, from 0 to `scale` minus the window; empty
    /// for `fallback` and `none`.
    package let positions: [Int]
    /// What the spans it was made from are.
    package var follows: Subject = .faces

    package init(motion: Motion, positions: [Int]) {
        self.motion = motion
        self.positions = positions
    }

    /// What matters at one frame of the clip (the faces seen, or where something moves), each as the span
    /// it covers along the cut axis.
    package struct Sample: Sendable, Hashable {
        package var frame: Int
        package var spans: [ClosedRange<Int>]

        package init(frame: Int, spans: [ClosedRange<Int>]) {
            self.frame = frame
            self.spans = spans
        }
    }

    /// The margins of the frame the platform's interface covers along the cut axis (the output's safe area),
    /// as shares of the frame's extent in `scale` units: `before` at its left (or top), `after` at its right
    /// (or bottom).
    package struct Margins: Sendable, Hashable {
        package var before: Int
        package var after: Int

        package init(before: Int, after: Int) {
            self.before = before
            self.after = after
        }

        /// No margins: the faces are centred in the frame.
        package static let none = Margins(before: 0, after: 0)
    }

    /// The framing of a clip of `frameCount` frames at `fps`, whose crop window spans `window` of the
    /// picture's `scale` along the cut axis, from the faces of `samples` (frames in increasing order). The
    /// faces are centred between the frame's `margins` (in the frame itself without them), as far as the
    /// window can move inside the picture: equal margins, or none, frame them as the frame's middle does.
    package init(samples: [Sample], window: Int, frameCount: Int, fps: Int, margins: Margins = .none) {
        let window = min(max(1, window), Self.scale)
        let range = Self.scale - window
        let centred = range / 2
        let seen = samples.filter { !$0.spans.isEmpty && (0..<frameCount).contains($0.frame) }
        guard frameCount > 0, range > 0, !seen.isEmpty else {
            self.init(motion: seen.isEmpty ? .none : .still, positions: seen.isEmpty ? [] : Array(repeating: centred, count: max(0, frameCount)))
            return
        }
        // What each sample needs in view: every face it shows.
        let needs = seen.map { sample in
            (frame: sample.frame, low: sample.spans.map(\.lowerBound).min() ?? 0, high: sample.spans.map(\.upperBound).max() ?? 0)
        }
        let tooWide = needs.filter { $0.high - $0.low > window }.count
        guard tooWide * 3 <= needs.count else {
            self.init(motion: .fallback, positions: [])
            return
        }
        // The faces' centre goes to the middle of the frame less its margins, so many units into the window.
        let toMiddle = window * (Self.scale + margins.before - margins.after) / (2 * Self.scale)
        func edge(centre: Int) -> Int { min(max(centre - toMiddle, 0), range) }
        let low = needs.map(\.low).min() ?? 0, high = needs.map(\.high).max() ?? 0
        if high - low <= window {
            self.init(motion: .still, positions: Array(repeating: edge(centre: (low + high) / 2), count: frameCount))
            return
        }
        // The edge each frame wants: each sample's faces centred, straight lines between samples, held
        // before the first and after the last.
        let targets = needs.map { edge(centre: ($0.low + $0.high) / 2) }
        var wanted = [Int](repeating: 0, count: frameCount)
        var next = 0
        for frame in 0..<frameCount {
            while next < needs.count && needs[next].frame < frame { next += 1 }
            if next == 0 {
                wanted[frame] = targets[0]
            } else if next == needs.count {
                wanted[frame] = targets[needs.count - 1]
            } else {
                let span = needs[next].frame - needs[next - 1].frame, into = frame - needs[next - 1].frame
                wanted[frame] = targets[next - 1] + (targets[next] - targets[next - 1]) * into / span
            }
        }
        // A moving mean over half a second either side takes out the detector's jitter.
        let reach = max(1, fps / 2)
        var prefix = [0]
        for value in wanted { prefix.append(prefix[prefix.count - 1] + value) }
        let smoothed = (0..<frameCount).map { frame in
            let first = max(0, frame - reach), last = min(frameCount - 1, frame + reach)
            return (prefix[last + 1] - prefix[first]) / (last - first + 1)
        }
        // Then the window moves towards it at most the whole range in 1.5 s, speeding up or slowing down
        // by at most that speed per half second, and stays put rather than turn back within half a second.
        let topSpeed = max(1, range * 2 / (3 * max(1, fps)))
        let step = max(1, topSpeed / reach)
        var position = smoothed[0], speed = 0, lastTurn = -reach, lastDirection = 0
        var positions: [Int] = []
        for frame in 0..<frameCount {
            let gap = smoothed[frame] - position
            // The speed that stops at the target in time, given the deceleration allowed.
            var wantedSpeed = min(topSpeed, Int(Double(2 * step * abs(gap)).squareRoot()))
            wantedSpeed = gap < 0 ? -wantedSpeed : wantedSpeed
            speed += min(max(wantedSpeed - speed, -step), step)
            let direction = speed.signum()
            if direction != 0, lastDirection != 0, direction != lastDirection, frame - lastTurn < reach {
                speed = 0
            } else if direction != 0 {
                if direction != lastDirection { lastTurn = frame }
                lastDirection = direction
            }
            position = min(max(position + speed, 0), range)
            positions.append(position)
        }
        self.init(motion: .pan, positions: positions)
    }
}

extension Job.ClipWindow {
    /// The start and length taken from a clip `length` long, with a pin's `start`/`duration` overriding the
    /// window's.
    ///
    /// A fixed window as long as the clip or longer takes the whole clip; `full` runs from the start to the end;
    /// an offset that would push the window past the end is moved back so the window fits. A clip with a
    /// `moment` (a Motion Photo's still) has its fixed window centred on it unless a pin gives the start or
    /// the start is `auto`, which takes `bestStart` (the analysis' best window; the clip's start without one).
    public func trim(
        clipLength length: TimeSpan, startOverride: ClipStart? = nil, durationOverride: ClipLength? = nil, moment: TimeSpan? = nil,
        bestStart: TimeSpan? = nil
    ) -> (start: TimeSpan, duration: TimeSpan) {
        let centreOn = startOverride == nil && start != .auto ? moment : nil
        let requestedStart: TimeSpan? =
            switch (centreOn, startOverride ?? start) {
            case (.some, _), (nil, .middle): nil
            case (nil, .auto): bestStart ?? .zero
            case (nil, .offset(let offset)): offset
            }
        guard case .fixed(let wanted) = durationOverride ?? duration, wanted > .zero else {
            let start = min(requestedStart ?? .zero, length)
            return start < length ? (start, length - start) : (.zero, length)
        }
        guard wanted < length else { return (.zero, length) }
        let latestStart = length - wanted
        if let centreOn {
            let centred = TimeSpan(milliseconds: centreOn.milliseconds - wanted.milliseconds / 2)
            return (max(.zero, min(centred, latestStart)), wanted)
        }
        return (requestedStart.map { min($0, latestStart) } ?? latestStart.half, wanted)
    }
}

extension Job.ClipWindow {
    /// The window in source time for a clip played at `speed`: a fixed length counts reel time, so it takes
    /// `speed` times as much of the clip.
    func atSpeed(_ speed: PlaybackSpeed) -> Job.ClipWindow {
        Job.ClipWindow(duration: duration.atSpeed(speed), start: start)
    }
}

extension ClipLength {
    /// A fixed reel length as the source time it shows at `speed`; `full` stays `full`.
    func atSpeed(_ speed: PlaybackSpeed) -> ClipLength {
        if case .fixed(let reel) = self, speed != .realTime { .fixed(speed.sourceTime(ofReel: reel)) } else { self }
    }
}

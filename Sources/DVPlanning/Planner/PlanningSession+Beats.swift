extension PlanningSession {
    /// One piece of a reel cut on the beat: its role and day, the length it asks for, the longest it can
    /// show (a video's rest), and where its day is in the plan.
    struct BeatPiece {
        var role: TimelineItem.Role
        var date: CalendarDay? = nil
        var duration: TimeSpan
        var longest: TimeSpan? = nil
        var day: Int? = nil
    }

    /// Lays the pieces out with every cut on a beat of `beats`: each piece lasts, from cut to cut, the whole
    /// steps (beats or bars) nearest its own length less the halves of the transitions it shares, at least one; the cut into piece `i` is the frame nearest its beat's
    /// time, computed from the music's beat times for every cut (never summed); the last piece ends on a bar
    /// line; transitions last the whole or half beats nearest the job's (at least half a beat unless the
    /// style is `cut`, never more than a piece's span less a frame). A video too short for its steps takes
    /// fewer, with a warning. Writes each day's length, beats, cut and `outputStart` back into `planned`.
    mutating func layOutOnBeats(_ planned: inout [PlannedDay], pieces: [BeatPiece], beats: ReelBeats, sync: Job.MusicSync) -> Timeline {
        let fps = rules.pace.outputFPS
        let step = sync.beatsPerStep
        let halfBeats = rules.transition.style == .cut ? 0 : max(1, Int((rules.transition.overlap.seconds / (beats.period / 2)).rounded()))
        let transitionFrames = Int((Double(halfBeats) * beats.period / 2 * Double(fps)).rounded())
        var cutBeats = [0]
        for (position, piece) in pieces.enumerated() {
            let from = cutBeats[cutBeats.count - 1]
            let stepLength = beats.time(ofBeat: from + step) - beats.time(ofBeat: from)
            // A piece's length includes the halves of the transitions it shares with its neighbours, as it does
            // on a reel not cut on the beat; its beats are counted from cut to cut.
            let shared = Double((position > 0 ? 1 : 0) + (position < pieces.count - 1 ? 1 : 0)) * Double(transitionFrames) / Double(2 * fps)
            var steps = max(1, Int(((piece.duration.seconds - shared) / stepLength).rounded()))
            if position == pieces.count - 1, (from + steps * step) % 4 != 0 { steps += (4 - (from + steps * step) % 4 + step - 1) / step }
            if let longest = piece.longest {
                let wanted = steps
                let room = longest.nearestFrame(fps: fps) - transitionFrames
                while steps > 1, beats.frame(ofBeat: from + steps * step, fps: fps) - beats.frame(ofBeat: from, fps: fps) > room { steps -= 1 }
                if steps < wanted, let day = piece.day {
                    let clip = planned[day].clip
                    let fits = beats.frame(ofBeat: from + steps * step, fps: fps) - beats.frame(ofBeat: from, fps: fps) <= room
                    warnings.append(
                        PlanWarning(
                            .shortForBeats, date: piece.date, file: clip?.file,
                            "\(clip?.file ?? "the clip") is too short for \(wanted * step) beats; it takes \(steps * step)"
                                + (fits ? "" : " and its cut cannot fall on the beat")))
                }
            }
            cutBeats.append(from + steps * step)
        }
        let cuts = cutBeats.map { beats.frame(ofBeat: $0, fps: fps) }
        let spans = zip(cuts.dropFirst(), cuts).map { $0 - $1 }
        var items: [TimelineItem] = []
        for (position, piece) in pieces.enumerated() {
            let overlap = { (index: Int) in
                index == 0 || index == pieces.count ? 0 : max(0, min(transitionFrames, spans[index - 1] - 1, spans[index] - 1))
            }
            let (into, out) = (overlap(position), overlap(position + 1))
            let first = cuts[position] - into / 2
            let end = cuts[position + 1] - out / 2 + out
            let item = TimelineItem(
                role: piece.role, date: piece.date, firstFrame: first, frameCount: end - first, transitionInFrames: into, fps: fps)
            items.append(item)
            guard let day = piece.day else { continue }
            planned[day].outputStart = item.outputStart
            planned[day].beats = cutBeats[position + 1] - cutBeats[position]
            planned[day].cut = TimeSpan(frame: cuts[position], fps: fps)
            planned[day].changeClips { clip in
                clip.duration = item.duration
                if var photo = clip.photo {
                    for (shot, share) in zip(photo.shots.indices, PlannedPhoto.shares(of: item.duration, count: photo.shots.count)) {
                        photo.shots[shot].duration = share
                    }
                    clip.photo = photo
                }
            }
        }
        return Timeline(items: items, transition: rules.transition, fps: fps)
    }

    /// The longest a day can show: the shortest rest of its videos at their speeds; nil when it shows only
    /// photos.
    static func longest(of day: PlannedDay) -> TimeSpan? {
        let clips = day.layers.isEmpty ? [day.clip].compactMap { $0 } : day.layers.map(\.clip)
        return clips.filter(\.kind.isMovie).map { clip in
            (clip.speed ?? .realTime).reelTime(ofSource: clip.clipLength - clip.start)
        }.min()
    }
}

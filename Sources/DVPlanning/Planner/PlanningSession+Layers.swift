extension PlanningSession {
    /// For each day not skipped with `layers`, what each layer's `file` names (nil for a layer without one).
    func layerFiles(with lookup: FileLookup?) -> [CalendarDay: [Result<Clip, PinProblem>?]] {
        var found: [CalendarDay: [Result<Clip, PinProblem>?]] = [:]
        for day in days {
            guard let settings = rules.daySettings[day], !settings.skip, !settings.layers.isEmpty else { continue }
            found[day] = settings.layers.map { layer in layer.file.flatMap { lookup?.find($0) } }
        }
        return found
    }

    /// The day of `wanted` layers (each with what its file names): a layer's file when it can be used,
    /// else the layer is left out with a warning; a layer without a file takes the day's next best clip not
    /// shown yet. Nil when no layer is left: the day is then chosen as any other.
    mutating func layered(
        _ day: CalendarDay, wanted: [(layer: Job.Layer, file: Result<Clip, PinProblem>?)], layout: Job.Layout,
        settings: Job.DaySettings?, avoiding pinnedPaths: Set<String>
    ) -> PlannedDay? {
        var used = Set<String>()
        var own = candidates(on: day, avoiding: pinnedPaths)[...]
        var kept: [(clip: Clip, layer: Job.Layer, reason: String)] = []
        for (number, (layer, file)) in zip(1..., wanted) {
            switch file {
            case .success(let clip):
                let source = clip.capture.localTime.date
                used.insert(clip.entry.path)
                kept.append((clip, layer, source == day ? "pinned" : "pinned from \(source)"))
            case .failure(let problem):
                warnings.append(problem.warning(on: day, layer: number))
            case nil:
                while let next = own.first, used.contains(next.clip.entry.path) { own.removeFirst() }
                guard let next = own.popFirst() else {
                    warnings.append(
                        PlanWarning(
                            .layerUnfilled, date: day, "layer \(number) names no file and the day has no other clip to show; it is left out"))
                    continue
                }
                used.insert(next.clip.entry.path)
                kept.append((next.clip, layer, next.reason))
            }
        }
        guard let first = kept.first else { return nil }
        let layers = kept.map { chosen in
            (
                chosen.clip, chosen.layer,
                trimmed(
                    chosen.clip, on: day, start: chosen.layer.start, duration: chosen.layer.duration,
                    speed: chosen.clip.kind.isMovie ? rules.pace.speed(frameRate: chosen.clip.frameRate, daySpeed: settings?.speed) : .realTime)
            )
        }
        var result = planned(
            day, clip: first.clip, trim: layers[0].2, status: first.layer.file == nil ? .chosen : .pinned, reason: first.reason,
            caption: settings?.caption)
        addLayers(to: &result, clips: layers, layout: layout)
        return result
    }

    /// Makes `day` show `clips` at once, each taken as its trim says, with its layer's settings, in its
    /// rectangle (the layer's own, else its place in `layout`, a grid's under `single`); the day lasts as
    /// long as its longest layer.
    func addLayers(to day: inout PlannedDay, clips: [(clip: Clip, layer: Job.Layer, trim: ClipTrim)], layout: Job.Layout) {
        let cells = (layout.style == .single ? Job.LayoutStyle.grid : layout.style).cells(count: clips.count)
        day.layers = zip(clips, cells).map { chosen, cell in
            let (clip, layer, trim) = chosen
            return PlannedLayer(
                clip: plannedClip(clip, trim: trim), rect: layer.rect ?? cell, z: layer.z, opacity: layer.opacity, fit: layer.fit ?? layout.fit)
        }
        day.layerAudio = layout.audio
        day.reason += clips.count == 1 ? ", as a layer" : ", \(clips.count) at once"
    }
}

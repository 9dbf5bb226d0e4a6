extension PlanningSession {
    /// What a path in the index turned out to be.
    private enum Found {
        case clip(Clip)
        case problem(PinProblem)
    }

    /// The pins of the timeframe's days that are not skipped, resolved against the index.
    func resolvePins() -> [CalendarDay: Result<Clip, PinProblem>] {
        let pins = days.compactMap { day in
            rules.daySettings[day].flatMap { $0.skip ? nil : $0.pin.map { (day, $0) } }
        }
        guard !pins.isEmpty else { return [:] }
        var byPath: [String: Found] = [:]
        var byRelativePath: [String: Found] = [:]
        func record(_ entry: MediaEntry, _ found: Found) {
            byPath[entry.path] = byPath[entry.path] ?? found
            byRelativePath[entry.relativePath] = byRelativePath[entry.relativePath] ?? found
        }
        for clip in catalog.clips { record(clip.entry, .clip(clip)) }
        for unusable in catalog.unusable { record(unusable.entry, .problem(.broken(entry: unusable.entry, reason: unusable.reason))) }
        for still in catalog.stills { record(still, .problem(.still(entry: still))) }
        let clipsByStill = Dictionary(
            catalog.clips.compactMap { clip in clip.stillPath.map { ($0, clip) } }, uniquingKeysWith: { first, _ in first })
        for still in catalog.pairedStills {
            if let clip = clipsByStill[still.path] { record(still, .clip(clip)) }
        }
        var resolved: [CalendarDay: Result<Clip, PinProblem>] = [:]
        for (day, pin) in pins {
            let candidates =
                pin.file.hasPrefix("/")
                ? [PlanningSession.normalized(pin.file)]
                : rules.libraryRoots.map { PlanningSession.normalized($0 + "/" + pin.file) }
            let found =
                candidates.lazy.compactMap { byPath[$0] }.first ?? byRelativePath[PlanningSession.normalized(pin.file)]
            switch found {
            case .clip(let clip): resolved[day] = .success(clip)
            case .problem(let problem): resolved[day] = .failure(problem)
            case nil: resolved[day] = .failure(.missing(file: pin.file))
            }
        }
        return resolved
    }

    /// `path` with `.` and empty components dropped and `..` applied, without touching the file system.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

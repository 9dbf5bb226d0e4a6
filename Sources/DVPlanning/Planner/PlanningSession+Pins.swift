extension PlanningSession {
    /// Finds the files pins and layers name in the index: by absolute path, by path under a library
    /// folder, or by library-relative path; a still of a Live Photo finds its movie, any other still its photo.
    struct FileLookup {
        /// What a path in the index turned out to be.
        private enum Found {
            case clip(Clip)
            case problem(PinProblem)
        }

        private var byPath: [String: Found] = [:]
        private var byRelativePath: [String: Found] = [:]
        private let roots: [String]

        init(catalog: MediaCatalog, roots: [String]) {
            self.roots = roots
            for clip in catalog.clips { record(clip.entry, .clip(clip)) }
            for unusable in catalog.unusable { record(unusable.entry, .problem(.broken(entry: unusable.entry, reason: unusable.reason))) }
            let clipsByStill = Dictionary(
                catalog.clips.compactMap { clip in clip.stillPath.map { ($0, clip) } }, uniquingKeysWith: { first, _ in first })
            for still in catalog.pairedStills {
                if let clip = clipsByStill[still.path] { record(still, .clip(clip)) }
            }
        }

        private mutating func record(_ entry: MediaEntry, _ found: Found) {
            byPath[entry.path] = byPath[entry.path] ?? found
            byRelativePath[entry.relativePath] = byRelativePath[entry.relativePath] ?? found
        }

        /// The clip `file` names (absolute, or relative to a library folder), or why it cannot be used.
        func find(_ file: String) -> Result<Clip, PinProblem> {
            let candidates =
                file.hasPrefix("/")
                ? [PlanningSession.normalized(file)]
                : roots.map { PlanningSession.normalized($0 + "/" + file) }
            switch candidates.lazy.compactMap({ byPath[$0] }).first ?? byRelativePath[PlanningSession.normalized(file)] {
            case .clip(let clip): return .success(clip)
            case .problem(let problem): return .failure(problem)
            case nil: return .failure(.missing(file: file))
            }
        }
    }

    /// A lookup over this session's index, when some day not skipped names a file (a pin or a layer's).
    func fileLookup() -> FileLookup? {
        let namesFiles = days.contains { day in
            guard let settings = rules.daySettings[day], !settings.skip else { return false }
            return settings.pin != nil || settings.layers.contains { $0.file != nil }
        }
        return namesFiles ? FileLookup(catalog: catalog, roots: rules.libraryRoots) : nil
    }

    /// The pins of the timeframe's days that are not skipped, resolved against the index.
    func resolvePins(with lookup: FileLookup?) -> [CalendarDay: Result<Clip, PinProblem>] {
        guard let lookup else { return [:] }
        var resolved: [CalendarDay: Result<Clip, PinProblem>] = [:]
        for day in days {
            guard let settings = rules.daySettings[day], !settings.skip, let pin = settings.pin else { continue }
            resolved[day] = lookup.find(pin.file)
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

/// Who and what the files name, as the planner uses it: what a clip's metadata says (a Live Photo's still
/// lending to its movie), how rating and named faces count in `order: best`, what the plan says of a clip, and
/// the warning about a name no file has.
extension PlanningSession {
    /// What `clip`'s metadata names, a Live Photo's still lending to its movie (`MediaCatalog.annotations(of:)`).
    func annotations(of clip: Clip) -> Annotations {
        catalog.annotations(of: clip)
    }

    /// How much a named face counts in the `faces` measure: the largest region of a person the day's filter
    /// names (`any` or `all`), as a share of the picture ten times over, at most 1 (a face filling a tenth of
    /// the picture or more counts fully, as a close portrait does); nil when no such person has a region.
    static func namedFaceMeasure(_ annotations: Annotations, wanted: Set<NameKey>) -> Double? {
        let areas = annotations.people.compactMap { person in wanted.contains(NameKey(person.name)) ? person.area?.fraction : nil }
        return areas.max().map { min(1, $0 * 10) }
    }

    /// `order: best` scores (0–1, by path) with the file's rating and its named faces counted in: the score
    /// is the weighted mean of the analysis' score (weighing as much as the measures' weights together),
    /// the rating (`selection.score.rating`; ★n counts n/5, unrated and rejected 0) and, when the day's
    /// filter names people, a named face (`namedFaceMeasure`, weighing as `selection.score.faces`). A clip
    /// without a score keeps none; nothing changes when neither applies.
    static func weighMetadata(into scores: inout [String: Double], catalog: MediaCatalog, rules: PlanningRules) {
        let weights = rules.momentWeights
        let ratingWeight = weights.rating ?? 0
        let measures = weights.sharpness + weights.exposure + weights.steadiness + weights.motion + weights.sound + weights.faces
        for clip in catalog.clips {
            guard let base = scores[clip.entry.path] else { continue }
            let people = rules.metadataFilter(on: clip.capture.localTime.date).people
            let wanted = Set(((people?.any ?? []) + (people?.all ?? [])).map(NameKey.init))
            guard ratingWeight > 0 || !wanted.isEmpty else { continue }
            let annotations = catalog.annotations(of: clip)
            var (sum, weight) = (measures * base, measures)
            if ratingWeight > 0 {
                sum += ratingWeight * Double(max(0, annotations.rating ?? 0)) / 5
                weight += ratingWeight
            }
            if let face = namedFaceMeasure(annotations, wanted: wanted) {
                sum += weights.faces * face
                weight += weights.faces
            }
            guard weight > 0 else { continue }
            scores[clip.entry.path] = ((sum / weight) * 1000).rounded() / 1000
        }
    }

    /// ` · Emma, Noah, ★5` after a chosen clip's reason when the plan names clips and the file names
    /// someone or is rated; empty otherwise.
    func whoSuffix(of clip: Clip) -> String {
        guard rules.namesClips else { return "" }
        let annotations = annotations(of: clip)
        var parts = Job.MetadataFilter.peopleNames(in: annotations)
        if let rating = annotations.rating { parts.append(rating < 0 ? "rejected" : "★\(rating)") }
        return parts.isEmpty ? "" : " · " + parts.joined(separator: ", ")
    }

    /// Writes who and what `annotations` names into `planned`, each left nil when empty.
    func name(_ planned: inout PlannedClip, as annotations: Annotations) {
        let people = Job.MetadataFilter.peopleNames(in: annotations)
        planned.people = people.isEmpty ? nil : people
        planned.keywords = annotations.keywords.isEmpty ? nil : annotations.keywords
        planned.rating = annotations.rating
        planned.albums = annotations.albums.isEmpty ? nil : annotations.albums
    }

    /// A warning at each name of the job's filters (its own and its days') that no file of the library has,
    /// naming the nearest known names of its kind.
    func unknownNameWarnings() -> [PlanWarning] {
        let filters = ([rules.metadata] + rules.daySettings.keys.sorted().map { rules.daySettings[$0]?.metadata }).compactMap { $0 }
        let written = filters.flatMap(\.writtenNames)
        guard !written.isEmpty else { return [] }
        var people: [NameKey: String] = [:]
        var albums: [NameKey: String] = [:]
        var tags: Set<String> = []
        for entry in catalog.clips.map(\.entry) + catalog.pairedStills {
            let annotations = entry.annotations
            for name in Job.MetadataFilter.peopleNames(in: annotations) where people[NameKey(name)] == nil { people[NameKey(name)] = name }
            for album in annotations.albums where albums[NameKey(album)] == nil { albums[NameKey(album)] = album }
            tags.formUnion(annotations.keywords)
        }
        var warned: Set<String> = []
        var found: [PlanWarning] = []
        for (kind, name, location) in written {
            let known: Bool
            let candidates: [String]
            switch kind {
            case .person:
                known = people[NameKey(name)] != nil
                candidates = people.values.sorted()
            case .album:
                known = albums[NameKey(name)] != nil
                candidates = albums.values.sorted()
            case .keyword:
                known = tags.contains { Job.NameCondition.keyword($0, matches: name) }
                candidates = known ? [] : Set(tags.flatMap { [$0] + $0.split { $0 == "/" || $0 == "|" }.map(String.init) }).sorted()
            }
            guard !known, warned.insert("\(kind.rawValue) \(name) \(location.map(\.description) ?? "")").inserted else { continue }
            let nearest = Suggestion.nearest(to: name, in: candidates)
            let hint = nearest.isEmpty ? "" : "; the nearest known: " + nearest.map { "'\($0)'" }.joined(separator: ", ")
            found.append(PlanWarning(.unknownName, location: location, "no file of the library names the \(kind.rawValue) '\(name)'\(hint)"))
        }
        return found
    }

    /// A warning for each sidecar of a file of the timeframe (`days`) that could not be read or is not what
    /// its name says, so a broken Takeout JSON is named rather than silently giving no people.
    func unreadableSidecarWarnings(in days: Set<CalendarDay>) -> [PlanWarning] {
        var found: [PlanWarning] = []
        let clips = catalog.clips.map { ($0.entry, $0.capture) }
        let stills = catalog.pairedStills.map { ($0, CaptureDay(of: $0, in: timeZone, order: rules.dayRules)) }
        for (entry, capture) in clips + stills {
            let day = capture.localTime.date
            guard days.contains(day) else { continue }
            for sidecar in [entry.sidecar, entry.takeoutSidecar].compactMap(\.self) {
                guard let problem = sidecar.problem else { continue }
                found.append(
                    PlanWarning(
                        .unreadableSidecar, date: day, file: sidecar.relativePath,
                        "the sidecar \(sidecar.relativePath) \(problem); \(entry.relativePath) is planned without it"))
            }
        }
        return found.sorted { ($0.date?.description ?? "", $0.file ?? "") < ($1.date?.description ?? "", $1.file ?? "") }
    }
}

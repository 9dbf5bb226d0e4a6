import Foundation

extension JobDecoder {
    mutating func decodeLibrary(_ node: YAMLNode) -> Job.Library {
        var library = Job.Library(paths: [])
        guard let fields = fields(of: node, path: "library", allowed: ["paths", "timezone", "exclude", "day_rules"], required: ["paths"]) else {
            return library
        }
        if let items = list(fields, "paths", example: "[../media]") {
            if items.isEmpty {
                error("library.paths is empty; name at least one folder", at: fields["paths"] ?? node)
            }
            for item in items {
                guard let text = scalar(item, name: "library.paths item", expected: "a folder path") else { continue }
                guard !text.isEmpty else {
                    error("library.paths has an empty entry; name a folder", at: item)
                    continue
                }
                if text.contains("://") {
                    if let address = serverAddress(text, at: item) {
                        confine(address: address, name: "library.paths", at: item)
                        library.paths.append(address)
                    }
                    continue
                }
                guard confine(text, from: folder(of: item), name: "library.paths", at: item) else { continue }
                let path = resolve(path: text, at: item)
                let kind = fileKind(at: path)
                if !kind.exists {
                    warning("library folder '\(text)' does not exist (\(path)); create it or fix the path", at: item)
                } else if !kind.isFolder {
                    error("library path '\(text)' is a file, not a folder; name the folder that holds the media", at: item)
                }
                library.paths.append(path)
            }
            libraryPaths = library.paths
        }
        if let node = fields["timezone"], let zone = scalar(node, name: "library.timezone", expected: "an IANA time zone like America/Los_Angeles") {
            let known = TimeZone.knownTimeZoneIdentifiers + ["UTC", "Etc/UTC"]
            if known.contains(zone), TimeZone(identifier: zone) != nil {
                library.timeZoneIdentifier = zone
            } else {
                let sameLetters = known.first { $0.lowercased() == zone.lowercased() }
                let hint = sameLetters.map { "; did you mean '\($0)'?" } ?? Suggestion.hint(for: zone, in: known)
                error("unknown library.timezone '\(zone)'\(hint) (an IANA name like Europe/Paris, or UTC)", at: node)
            }
        }
        for item in list(fields, "exclude", example: "[\"**/Screen Recording*\"]") ?? [] {
            if let pattern = value(item, name: "library.exclude item", expected: "a non-empty glob pattern", { $0.isEmpty ? nil : $0 }) {
                library.exclude.append(GlobPattern(pattern))
            }
        }
        if let items = list(fields, "day_rules", example: "[local_creation_date, creation_time, sidecar, file_name]") {
            library.dayRules = distinctChoices(items, name: "library.day_rules", DayRule.self, each: "rule")
        }
        return library
    }

    mutating func decodeSelection(_ node: YAMLNode) -> Job.Selection {
        var selection = Job.Selection()
        guard let fields = fields(of: node, path: "selection", allowed: ["prefer", "order", "score"] + Self.metadataKeys) else { return selection }
        if let items = list(fields, "prefer", example: "[video, live_photo, photo]") {
            let kinds = distinctChoices(items, name: "selection.prefer", ClipKind.self, each: "kind")
            if items.isEmpty {
                error("selection.prefer is empty; list at least one of video, live_photo, photo", at: fields["prefer"] ?? node)
            }
            selection.prefer = kinds
        }
        selection.order = choice(fields, "order", Job.SelectionOrder.self) ?? selection.order
        if let node = fields["score"] { selection.score = decodeMomentWeights(node) }
        selection.metadata = decodeMetadataFilter(fields)
        return selection
    }

    /// `selection.score`: a weight of 0…10 for each measure of a moment.
    private mutating func decodeMomentWeights(_ node: YAMLNode) -> Job.MomentWeights {
        var weights = Job.MomentWeights()
        let keys = ["sharpness", "exposure", "steadiness", "motion", "sound", "faces", "rating"]
        guard let fields = fields(of: node, path: "selection.score", allowed: keys) else { return weights }
        weights.sharpness = number(fields, "sharpness", in: 0...10) ?? weights.sharpness
        weights.exposure = number(fields, "exposure", in: 0...10) ?? weights.exposure
        weights.steadiness = number(fields, "steadiness", in: 0...10) ?? weights.steadiness
        weights.motion = number(fields, "motion", in: 0...10) ?? weights.motion
        weights.sound = number(fields, "sound", in: 0...10) ?? weights.sound
        weights.faces = number(fields, "faces", in: 0...10) ?? weights.faces
        weights.rating = number(fields, "rating", in: 0...10)
        if weights.score(MomentScores.Step(sharpness: 1, exposure: 1, steadiness: 1, motion: 1, sound: 1, faces: 1)) == 0 {
            error("selection.score gives every measure a weight of 0; give at least one a weight above 0", at: node)
        }
        return weights
    }

    /// The values of a list of `E` names (`name` is the key's path), each an error where it is not one of
    /// them or repeats one before it (`each` is what an item is called in that message).
    private mutating func distinctChoices<E: RawRepresentable & CaseIterable & Equatable>(
        _ items: [YAMLNode], name: String, _ type: E.Type, each: String
    ) -> [E] where E.RawValue == String {
        var values: [E] = []
        for item in items {
            guard let value = choice(item, name: "\(name) item", E.self) else { continue }
            if values.contains(value) {
                error("\(name) names '\(value.rawValue)' twice; list each \(each) once", at: item)
            } else {
                values.append(value)
            }
        }
        return values
    }

    mutating func decodeClips(_ node: YAMLNode) -> Job.Clips {
        var clips = Job.Clips()
        let allowed = ClipKind.allCases.map(\.rawValue) + ["speed", "slow_motion", "speed_audio"]
        guard let fields = fields(of: node, path: "clips", allowed: allowed) else { return clips }
        if let window = fields["video"] { clips.video = decodeWindow(window, name: "clips.video", default: clips.video) }
        if let window = fields["live_photo"] { clips.livePhoto = decodeWindow(window, name: "clips.live_photo", default: clips.livePhoto) }
        if let node = fields["photo"] { clips.photo = decodePhotos(node) }
        clips.speed = speed(fields) ?? clips.speed
        clips.slowMotion = choice(fields, "slow_motion", Job.SlowMotion.self) ?? clips.slowMotion
        clips.speedAudio = choice(fields, "speed_audio", Job.SpeedAudio.self) ?? clips.speedAudio
        return clips
    }

    /// A `speed:`: a number from 0.25 to 4 (at most three decimals) or a fraction in that range, unquoted.
    mutating func speed(_ fields: Fields) -> PlaybackSpeed? {
        guard let node = fields["speed"] else { return nil }
        return value(node, name: fields.name("speed"), expected: "a number 0.25…4 like 0.5, 2 or 1/3 (at most three decimals)") { text in
            guard node.isPlainScalar, let speed = PlaybackSpeed(text), PlaybackSpeed.allowed.contains(speed) else { return nil }
            return speed
        }
    }

    /// `clips.photo`: `{duration, motion, count}`, each optional.
    private mutating func decodePhotos(_ node: YAMLNode) -> Job.Photos {
        var photos = Job.Photos()
        guard let fields = fields(of: node, path: "clips.photo", allowed: ["duration", "motion", "count"]) else { return photos }
        if let duration = duration(fields, "duration") {
            if duration == .zero, let place = fields["duration"] {
                error("clips.photo.duration must be longer than 0s", at: place)
            } else {
                photos.duration = duration
            }
        }
        photos.motion = choice(fields, "motion", Job.PhotoMotion.self) ?? photos.motion
        photos.count = integer(fields, "count", in: Job.Photos.counts) ?? photos.count
        return photos
    }

    private mutating func decodeWindow(_ node: YAMLNode, name: String, default window: Job.ClipWindow) -> Job.ClipWindow {
        var window = window
        guard let fields = fields(of: node, path: name, allowed: ["duration", "start"]) else { return window }
        window.duration = value(fields, "duration", expected: "full or " + Self.durationForms, ClipLength.init) ?? window.duration
        window.start = value(fields, "start", expected: "middle, auto or " + Self.durationForms, ClipStart.init) ?? window.start
        if case .fixed(let length) = window.duration, length == .zero, let place = fields["duration"] {
            error("\(name).duration must be longer than 0s", at: place)
        }
        return window
    }

    /// A library on a server (or, as `key` says, the collection a reel is published to), written as its
    /// address by `ServerAddress`'s rules: `https://HOST/PATH/` (WebDAV; `http://` for a server on the
    /// runner's own network) or `s3://BUCKET/PREFIX/`, given back with a lower-case scheme and host and a final
    /// `/`; nil (with an error at `node`) for anything else, and for an address that carries a user or password,
    /// which belongs in the environment, not in a job file others read.
    mutating func serverAddress(_ text: String, at node: YAMLNode, key: String = "library.paths") -> String? {
        do {
            return try ServerAddress(text).text
        } catch .credentials(let shown, let scheme) {
            let variable = key.hasSuffix("publish") ? "DVPIPE_PUBLISH_HEADER" : "DVPIPE_LIBRARY_HEADER"
            error(
                "\(key) '\(shown)' carries a user or password; give credentials in the environment "
                    + (scheme == .s3 ? "(AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)" : "(\(variable), or a ~/.netrc entry for the host)")
                    + ", never in a job file", at: node)
        } catch let problem {
            error("\(key) \(problem)", at: node)
        }
        return nil
    }
}

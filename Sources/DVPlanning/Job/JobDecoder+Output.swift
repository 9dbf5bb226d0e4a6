extension JobDecoder {
    /// An output's mapping: `output:`, or an entry `name` (`outputs[1]`) of `outputs:`.
    mutating func decodeOutput(_ node: YAMLNode, name: String = "output") -> Job.Output {
        var output = Job.Output(path: "")
        let allowed = [
            "name", "path", "resolution", "aspect", "fit", "background", "fps", "video", "audio", "subtitles", "tone_map", "dynamic_range",
            "look", "profile", "safe_area", "publish", "publish_overwrite"
        ]
        guard let fields = fields(of: node, path: name, allowed: allowed, required: ["path"]) else { return output }
        output.givenName = text(fields, "name")
        if let path = path(fields, "path") {
            output.path = path
            if fileKind(at: path).isFolder, let place = fields["path"] {
                error("\(name).path '\(place.scalar ?? path)' is an existing folder; name the file to write, e.g. reel.mp4", at: place)
            }
        }
        output.resolution =
            value(fields, "resolution", expected: "480p, 720p, 1080p, 1440p, 2160p or WxH like 1280x720", Resolution.init) ?? output.resolution
        output.aspect = value(fields, "aspect", expected: "a ratio W:H like \"16:9\" or \"9:16\"", AspectRatio.init) ?? output.aspect
        if case .pixels(let width, let height) = output.resolution, let place = fields["resolution"] {
            if width % 2 != 0 || height % 2 != 0 {
                let even = "\(width - width % 2)x\(height - height % 2)"
                error(
                    "\(name).resolution \(width)x\(height) has an odd \(width % 2 != 0 ? "width" : "height"); encoders need even sizes, use \(even)",
                    at: place)
            }
            if let aspect = fields["aspect"] {
                warning("\(name).aspect is ignored with an explicit WxH resolution; remove it or use a preset like 1080p", at: aspect)
            }
        }
        output.fit = choice(fields, "fit", Job.Output.Fit.self) ?? output.fit
        output.background = colour(fields, "background") ?? output.background
        output.fps = integer(fields, "fps", in: 1...120) ?? output.fps
        output.dynamicRange = choice(fields, "dynamic_range", Job.Output.DynamicRange.self) ?? output.dynamicRange
        if output.dynamicRange == .hlg {
            // 8-bit H.264 cannot carry it for the platforms: an HLG reel is HEVC Main 10 unless it asks for AV1.
            output.video.codec = .hevc
        }
        var codecNode: YAMLNode?
        if let video = fields["video"], let videoFields = self.fields(of: video, path: name + ".video", allowed: ["codec", "crf", "preset"]) {
            codecNode = videoFields["codec"]
            output.video.codec = choice(videoFields, "codec", Job.Output.VideoCodec.self) ?? output.video.codec
            output.video.crf = integer(videoFields, "crf", in: output.video.codec.crfRange) ?? output.video.codec.defaultCRF
            output.video.preset = choice(videoFields, "preset", Job.Output.EncoderPreset.self) ?? output.video.preset
        }
        if let audio = fields["audio"], let audioFields = self.fields(of: audio, path: name + ".audio", allowed: ["codec", "bitrate"]) {
            output.audio.codec = choice(audioFields, "codec", Job.Output.AudioCodec.self) ?? output.audio.codec
            let expected = "a bitrate 32k…512k like 160k"
            output.audio.bitrate =
                value(audioFields, "bitrate", expected: expected) { text in
                    Bitrate(text).flatMap { (32_000...512_000).contains($0.bitsPerSecond) ? $0 : nil }
                } ?? output.audio.bitrate
        }
        if output.dynamicRange == .hlg, output.video.codec == .h264, let place = codecNode {
            error(
                "\(name).video.codec h264 cannot carry dynamic_range: hlg (a 10-bit BT.2020 reel); use hevc (the default for hlg) or av1",
                at: place)
        }
        output.subtitles = bool(fields, "subtitles") ?? output.subtitles
        output.toneMap = choice(fields, "tone_map", Job.Output.ToneMap.self) ?? output.toneMap
        if let node = fields["look"], let look = self.fields(of: node, path: name + ".look", allowed: ["lut", "strength"], required: ["lut"]) {
            output.look = decodeLook(look)
        }
        if let node = fields["publish"],
            let text = scalar(fields, "publish", expected: "a WebDAV collection https://HOST/PATH/ or s3://BUCKET/PREFIX/"),
            let address = serverAddress(text, at: node, key: fields.name("publish"))
        {
            confine(publishing: address, name: fields.name("publish"), at: node)
            output.publish = address
        }
        decodePublishOverwrite(fields, into: &output)
        output.safeArea = decodeSafeArea(fields)
        if let profile = choice(fields, "profile", DeliveryProfile.self) {
            output.profile = profile
            if profile.rules.prefersVertical, fields["aspect"] == nil, fields["resolution"] == nil {
                output.aspect = AspectRatio(width: 9, height: 16)
            }
            output.profileLocation = fields["profile"]?.location
            for problem in profile.rules.problems(of: output) {
                let place = problem.key == "video.codec" ? codecNode : fields[problem.key] ?? (problem.key == "resolution" ? fields["aspect"] : nil)
                if let place = place ?? fields["profile"] {
                    error("\(name).profile \(profile.rawValue): \(problem.message)", at: place)
                }
            }
        }
        return output
    }

    /// `outputs:`, every output of the reel: one frame rate for all (their cuts fall on the same frames),
    /// and no two with one name or one path.
    mutating func decodeOutputs(_ node: YAMLNode) -> [Job.Output] {
        guard let items = node.items, !items.isEmpty else {
            error(
                "outputs must be a list of outputs like [{ name: wide, path: out/wide.mp4 }, { name: tall, path: out/tall.mp4, resolution: 1080x1920 }]; found \(node.summary)",
                at: node)
            return []
        }
        let outputs = items.enumerated().map { index, item in decodeOutput(item, name: "outputs[\(index)]") }
        for (index, output) in outputs.enumerated().dropFirst() {
            let place = items[index]
            if output.fps != outputs[0].fps {
                error(
                    "outputs[\(index)] runs at \(output.fps) fps and outputs[0] at \(outputs[0].fps): every output of a reel has one frame rate, "
                        + "so that their cuts fall on the same frames", at: place)
            }
            if let first = outputs[..<index].firstIndex(where: { $0.name == output.name }) {
                error("outputs[\(index)] is named '\(output.name)' as outputs[\(first)] is; give each output a name of its own", at: place)
            } else if let first = outputs[..<index].firstIndex(where: { $0.path == output.path }) {
                error("outputs[\(index)] writes \(output.path) as outputs[\(first)] does; give each output a path of its own", at: place)
            }
        }
        return outputs
    }

    /// `looks:`, a list of `{match: {make, model}, lut, strength}`.
    mutating func decodeCameraLooks(_ node: YAMLNode) -> [Job.CameraLook] {
        guard let items = node.items else {
            error("looks must be a list like [{ match: { make: Apple }, lut: looks/iphone.cube }]; found \(node.summary)", at: node)
            return []
        }
        return items.enumerated().compactMap { index, item in
            let name = "looks[\(index)]"
            guard let fields = fields(of: item, path: name, allowed: ["match", "lut", "strength"], required: ["match", "lut"]),
                let matchNode = fields["match"], let match = self.fields(of: matchNode, path: name + ".match", allowed: ["make", "model"])
            else { return nil }
            if match["make"] == nil, match["model"] == nil {
                error("\(name).match needs make, model or both (glob patterns like \"iPhone*\")", at: matchNode)
            }
            let make = text(match, "make").map(GlobPattern.init), model = text(match, "model").map(GlobPattern.init)
            guard let look = decodeLook(fields) else { return nil }
            return Job.CameraLook(make: make, model: model, look: look)
        }
    }

    /// The `lut` and `strength` of a look's mapping (`output.look`, an entry of `looks`).
    /// A `lut` of `theme:NAME` names a look made by dvpipe's code (`BuiltInTheme.lookNames`), not a file.
    mutating func decodeLook(_ fields: Fields) -> Job.Output.Look? {
        let strength = number(fields, "strength", in: 0...1) ?? 1
        if let node = fields["lut"], let text = node.scalar, let name = BuiltInTheme.lookName(of: text) {
            guard BuiltInTheme.lookNames.contains(name) else {
                let names = BuiltInTheme.lookNames.map { BuiltInTheme.prefix + $0 }.joined(separator: ", ")
                error("\(fields.name("lut")) '\(text)' is no look of dvpipe's; its looks are \(names), or name a .cube file", at: node)
                return nil
            }
            return Job.Output.Look(lut: text, strength: strength)
        }
        guard let lut = existingFile(fields, "lut", kind: .look) else { return nil }
        return Job.Output.Look(lut: lut, strength: strength)
    }

    /// `#RRGGBB` or `#RRGGBBAA`; an empty value hints that `#` started a comment.
    mutating func colour(_ fields: Fields, _ key: String) -> RGBAColor? {
        guard let node = fields[key] else { return nil }
        if node.isNull {
            error("\(fields.name(key)) has no value; quote colours (\"#000000\"), as an unquoted # starts a comment", at: node)
            return nil
        }
        return value(node, name: fields.name(key), expected: "a colour \"#RRGGBB\" or \"#RRGGBBAA\"", RGBAColor.init)
    }

    mutating func decodeTransition(_ node: YAMLNode) -> Job.Transition {
        var transition = Job.Transition()
        guard let fields = fields(of: node, path: "transition", allowed: ["style", "duration"]) else { return transition }
        transition.style = choice(fields, "style", Job.Transition.Style.self) ?? transition.style
        transition.duration = duration(fields, "duration") ?? transition.duration
        return transition
    }

    /// The most tracks a playlist may list: hours of music, far past a year of days, and a bound on the files a
    /// job from elsewhere makes dvpipe open and track.
    static let playlistLimit = 100

    mutating func decodeAudio(_ node: YAMLNode) -> Job.Audio {
        var audio = Job.Audio()
        guard let fields = fields(of: node, path: "audio", allowed: ["clips", "normalize", "music"]) else { return audio }
        audio.clips = choice(fields, "clips", Job.Audio.ClipAudio.self) ?? audio.clips
        audio.normalize = bool(fields, "normalize") ?? audio.normalize
        guard let music = fields["music"] else { return audio }
        if let items = music.items {
            if items.isEmpty { error("audio.music lists no track; give one mapping or a list of them", at: music) }
            if items.count > Self.playlistLimit {
                error("audio.music lists \(items.count) tracks; a playlist holds at most \(Self.playlistLimit)", at: music)
                return audio
            }
            let tracks = items.enumerated().compactMap { position, item in decodeMusic(item, path: "audio.music[\(position)]", first: position == 0) }
            audio.music = tracks.first
            audio.playlist = tracks.isEmpty ? nil : tracks
        } else {
            audio.music = decodeMusic(music, path: "audio.music", first: true)
        }
        return audio
    }

    /// One track of `audio.music` at `path`. Only the `first` track of a playlist may give `sync`, which is the reel's.
    private mutating func decodeMusic(_ node: YAMLNode, path: String, first: Bool) -> Job.Music? {
        let allowed = ["file", "volume", "duck", "fade_out", "loop", "sync", "start"]
        guard let fields = fields(of: node, path: path, allowed: allowed, required: ["file"]),
            let file = existingFile(fields, "file", kind: .sound)
        else {
            return nil
        }
        var music = Job.Music(file: file)
        music.volume = number(fields, "volume", in: 0...1) ?? music.volume
        music.duck = number(fields, "duck", in: 0...1) ?? music.duck
        music.fadeOut = duration(fields, "fade_out") ?? music.fadeOut
        music.loop = bool(fields, "loop") ?? music.loop
        if let sync = choice(fields, "sync", Job.MusicSync.self) {
            if first {
                music.sync = sync == .off ? nil : sync
            } else if let node = fields["sync"] {
                error("\(fields.name("sync")) is the reel's: give it on the playlist's first track", at: node)
            }
        }
        if let start = duration(fields, "start"), start > .zero { music.start = start }
        return music
    }

    /// A path that should name a file of `kind`; a missing file is a warning (it may be made before the
    /// render). A file that is there is recorded in `files`, to be opened as `kind` by the media layer.
    mutating func existingFile(_ fields: Fields, _ key: String, kind: JobFileReference.Kind) -> String? {
        guard let path = path(fields, key), let node = fields[key] else { return nil }
        let item = fileKind(at: path)
        if !item.exists {
            warning("\(fields.name(key)) '\(node.scalar ?? path)' does not exist (\(path)); fix the path before rendering", at: node)
        } else if item.isFolder {
            error("\(fields.name(key)) '\(node.scalar ?? path)' is a folder; name a file", at: node)
        } else {
            files.append(JobFileReference(path: path, kind: kind, key: fields.name(key), location: node.location))
        }
        return path
    }
}

extension JobDecoder {
    /// An output's `safe_area: {top, bottom, left, right}`: each a fraction 0…0.45 of the frame (a side not
    /// given is 0), an error at the number out of range.
    mutating func decodeSafeArea(_ fields: Fields) -> SafeArea? {
        guard let node = fields["safe_area"],
            let margins = self.fields(of: node, path: fields.name("safe_area"), allowed: ["top", "bottom", "left", "right"])
        else { return nil }
        let range = 0...SafeArea.largestMargin
        return SafeArea(
            top: number(margins, "top", in: range) ?? 0, bottom: number(margins, "bottom", in: range) ?? 0,
            left: number(margins, "left", in: range) ?? 0, right: number(margins, "right", in: range) ?? 0)
    }
}

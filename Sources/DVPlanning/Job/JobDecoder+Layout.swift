extension JobDecoder {
    /// `layout:` or `days.<date>.layout`: a style name, or `{style, clips_per_day, audio, fit}`; what it
    /// leaves out is `base`'s (the job's layout, for a day's), but for the count, which a new style sets.
    mutating func decodeLayout(_ node: YAMLNode, name: String, base: Job.Layout = Job.Layout()) -> Job.Layout? {
        if node.scalar != nil {
            return choice(node, name: name, Job.LayoutStyle.self).map { Job.Layout(style: $0, audio: base.audio, fit: base.fit) }
        }
        guard let fields = fields(of: node, path: name, allowed: ["style", "clips_per_day", "audio", "fit"]) else { return nil }
        let newStyle = choice(fields, "style", Job.LayoutStyle.self)
        let style = newStyle ?? base.style
        let count = integer(fields, "clips_per_day", in: 1...9) ?? (newStyle == nil ? base.clipsPerDay : nil)
        if style == .single, let count, count > 1, let place = fields["clips_per_day"] {
            error(
                "\(fields.name("clips_per_day")) is \(count) but the style single shows one clip; "
                    + "add style: split-h, split-v, grid or pip", at: place)
        }
        var layout = Job.Layout(style: style, clipsPerDay: count)
        layout.audio = choice(fields, "audio", Job.LayerAudio.self) ?? base.audio
        layout.fit = choice(fields, "fit", Job.Output.Fit.self) ?? base.fit
        return layout
    }

    /// `days.<date>.layers`: the clips shown at once, each `{file, start, duration, rect, z, opacity, fit}`.
    mutating func decodeLayers(_ fields: Fields) -> [Job.Layer] {
        let example = "[{ rect: { x: 0, y: 0, width: 0.5, height: 1 } }, { file: VID_2.mp4 }]"
        guard let items = list(fields, "layers", example: example) else { return [] }
        if items.isEmpty, let place = fields["layers"] {
            error("\(fields.name("layers")) is empty; list at least one layer, or leave the key out", at: place)
        }
        if items.count > 9, let place = fields["layers"] {
            error("\(fields.name("layers")) has \(items.count) layers; a day shows at most 9", at: place)
        }
        var layers: [Job.Layer] = []
        for (index, item) in items.prefix(9).enumerated() {
            let name = "\(fields.name("layers"))[\(index + 1)]"
            let allowed = ["file", "start", "duration", "rect", "z", "opacity", "fit"]
            guard let layerFields = self.fields(of: item, path: name, allowed: allowed) else { continue }
            var layer = Job.Layer()
            if let file = text(layerFields, "file"), let place = layerFields["file"] {
                confinePin(file, name: layerFields.name("file"), at: place)
                layer.file = Self.expandTilde(file)
            }
            layer.start = value(layerFields, "start", expected: "middle, auto or " + Self.durationForms, ClipStart.init)
            layer.duration = value(layerFields, "duration", expected: "full or " + Self.durationForms, ClipLength.init)
            layer.rect = layerFields["rect"].flatMap { unitRect($0, name: layerFields.name("rect")) }
            layer.z = integer(layerFields, "z", in: -100...100) ?? layer.z
            layer.opacity = number(layerFields, "opacity", in: 0...1) ?? layer.opacity
            layer.fit = choice(layerFields, "fit", Job.Output.Fit.self)
            layers.append(layer)
        }
        return layers
    }
}

extension JobDecoder {
    /// `days:`; keys outside a fixed timeframe are warnings (a `last:` timeframe moves, so it is not checked).
    mutating func decodeDays(_ node: YAMLNode, timeframe: Job.Timeframe?, layout: Job.Layout) -> [CalendarDay: Job.DaySettings] {
        guard let entries = node.entries else {
            error("days must be a mapping of dates (2024-12-25: { skip: true }); found \(node.summary)", at: node)
            return [:]
        }
        var range: DayRange?
        if let timeframe, case .last = timeframe {
            range = nil
        } else if let timeframe {
            range = timeframe.resolved(asOf: .today(in: .gmt))
        }
        var days: [CalendarDay: Job.DaySettings] = [:]
        for entry in entries {
            guard let day = value(entry.key, name: "a days key", expected: "a date like 2024-12-25", CalendarDay.init) else { continue }
            if let range, !range.contains(day) {
                warning("days: \(day) is outside the timeframe \(range); its settings are never used", at: entry.key)
            }
            if let settings = decodeDay(entry.value, day: day, layout: layout), days[day] == nil {
                days[day] = settings
            }
        }
        return days
    }

    /// One day's settings; its `layout` takes what it leaves out from the job's `layout`.
    private mutating func decodeDay(_ node: YAMLNode, day: CalendarDay, layout: Job.Layout) -> Job.DaySettings? {
        let name = "days.\(day)"
        guard
            let fields = fields(
                of: node, path: name, allowed: ["pin", "caption", "captions", "skip", "layout", "layers", "speed"] + Self.metadataKeys)
        else {
            return nil
        }
        var settings = Job.DaySettings()
        settings.caption = scalar(fields, "caption", expected: "text")
        settings.captions = decodeTimedCaptions(fields)
        if settings.caption != nil, let place = fields.keyNode("captions") {
            error("\(name) has both caption and captions; give the whole-clip text as a caption without start and end", at: place)
        }
        settings.skip = bool(fields, "skip") ?? false
        settings.speed = speed(fields)
        settings.layout = fields["layout"].flatMap { decodeLayout($0, name: name + ".layout", base: layout) }
        settings.layers = decodeLayers(fields)
        settings.metadata = decodeMetadataFilter(fields)
        if fields["pin"] != nil, let place = fields.keyNode("layers") {
            error("\(name) has both pin and layers; name the pinned file as a layer's file", at: place)
        }
        if settings.skip, !settings.layers.isEmpty, let place = fields["layers"] {
            warning("\(name) has both skip: true and layers; the day is skipped and the layers unused", at: place)
        }
        if let pin = fields["pin"] {
            settings.pin = decodePin(pin, name: name + ".pin")
            if settings.skip, settings.pin != nil {
                warning("\(name) has both skip: true and a pin; the day is skipped and the pin unused", at: pin)
            }
        }
        return settings
    }

    private mutating func decodePin(_ node: YAMLNode, name: String) -> Job.Pin? {
        if let text = node.scalar {
            confinePin(text, name: name, at: node)
            return value(node, name: name, expected: "a file name", { $0.isEmpty ? nil : Job.Pin(file: Self.expandTilde($0)) })
        }
        guard let fields = fields(of: node, path: name, allowed: ["file", "start", "duration"], required: ["file"]),
            let file = text(fields, "file")
        else { return nil }
        if let place = fields["file"] { confinePin(file, name: name + ".file", at: place) }
        var pin = Job.Pin(file: Self.expandTilde(file))
        pin.start = value(fields, "start", expected: "middle, auto or " + Self.durationForms, ClipStart.init)
        pin.duration = value(fields, "duration", expected: "full or " + Self.durationForms, ClipLength.init)
        return pin
    }

    /// Under `--confine`, a pin must stay inside the allowed folders from every library folder it may be
    /// found in (an absolute one, from nowhere else).
    mutating func confinePin(_ file: String, name: String, at node: YAMLNode) {
        let expanded = Self.expandTilde(file)
        // A pin in a library on a server is found by its path in the index only: it reaches no other file.
        for base in expanded.hasPrefix("/") ? ["/"] : libraryPaths.filter({ !$0.contains("://") }) {
            let before = diagnostics.count
            confine(file, from: base, name: name, at: node)
            if diagnostics.count > before { return }
        }
    }
}

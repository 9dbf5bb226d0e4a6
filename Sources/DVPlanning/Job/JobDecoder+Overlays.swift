extension JobDecoder {
    static let overlayKinds = ["date", "text", "image", "video"]

    mutating func decodeOverlays(_ node: YAMLNode) -> [Job.Overlay] {
        guard let items = node.items else {
            error("overlays must be a list like [{ date: { position: bottom-left } }]; found \(node.summary)", at: node)
            return []
        }
        var overlays: [Job.Overlay] = []
        for (index, item) in items.enumerated() {
            guard let entries = item.entries, entries.count == 1, let kind = entries[0].key.scalar else {
                error(
                    "overlays[\(index)] must be one of \(Self.overlayKinds.joined(separator: ", ")) with its settings, like - date: { position: bottom-left }",
                    at: item)
                continue
            }
            let body = entries[0].value
            let name = "overlays[\(index)].\(kind)"
            let overlay: Job.Overlay?
            switch kind {
            case "date": overlay = decodeDateStamp(body, name: name).map { .date($0) }
            case "text": overlay = decodeTextOverlay(body, name: name).map { .text($0) }
            case "image": overlay = decodeImageOverlay(body, name: name).map { .image($0) }
            case "video": overlay = decodeVideoOverlay(body, name: name).map { .video($0) }
            default:
                error(
                    "unknown overlay '\(kind)'\(Suggestion.hint(for: kind, in: Self.overlayKinds)) (one of: \(Self.overlayKinds.joined(separator: ", ")))",
                    at: entries[0].key)
                overlay = nil
            }
            if let overlay {
                overlays.append(overlay)
            }
        }
        return overlays
    }

    private mutating func decodeDateStamp(_ node: YAMLNode, name: String) -> Job.DateStamp? {
        var stamp = Job.DateStamp()
        if node.isNull { return stamp }
        let allowed = ["format", "position", "size", "locale", "show_source", "font"] + Self.lookKeys
        guard let fields = fields(of: node, path: name, allowed: allowed) else { return nil }
        stamp.format = text(fields, "format") ?? stamp.format
        stamp.position = position(fields, "position") ?? stamp.position
        stamp.size = number(fields, "size", in: 0.001...1) ?? stamp.size
        stamp.locale = text(fields, "locale") ?? stamp.locale
        stamp.showSource = bool(fields, "show_source") ?? stamp.showSource
        stamp.look = look(fields)
        stamp.font = existingFile(fields, "font", kind: .font)
        return stamp
    }

    private mutating func decodeTextOverlay(_ node: YAMLNode, name: String) -> Job.TextOverlay? {
        let allowed = ["text", "position", "size", "start", "duration", "font", "align", "direction", "language"] + Self.lookKeys
        guard let fields = fields(of: node, path: name, allowed: allowed, required: ["text"]), let text = scalar(fields, "text", expected: "text")
        else {
            return nil
        }
        var overlay = Job.TextOverlay(text: text)
        overlay.position = position(fields, "position") ?? overlay.position
        overlay.size = number(fields, "size", in: 0.001...1) ?? overlay.size
        overlay.start = duration(fields, "start") ?? overlay.start
        overlay.duration = duration(fields, "duration")
        overlay.look = look(fields)
        overlay.font = existingFile(fields, "font", kind: .font)
        overlay.align = choice(fields, "align", TextAlignment.self) ?? overlay.align
        overlay.direction = choice(fields, "direction", TextDirection.self) ?? overlay.direction
        overlay.language = language(fields, "language")
        return overlay
    }

    static let lookKeys = ["color", "shadow", "outline", "box"]

    /// `color`, `shadow`, `outline` and `box` of a text overlay, each `#RRGGBB` or `#RRGGBBAA`.
    private mutating func look(_ fields: Fields) -> Job.TextStyle {
        Job.TextStyle(
            color: colour(fields, "color") ?? .white, shadow: colour(fields, "shadow"), outline: colour(fields, "outline"),
            box: colour(fields, "box")
        )
    }

    private mutating func decodeImageOverlay(_ node: YAMLNode, name: String) -> Job.ImageOverlay? {
        let allowed = ["file", "position", "width", "opacity"]
        guard let fields = fields(of: node, path: name, allowed: allowed, required: ["file"]), let file = existingFile(fields, "file", kind: .picture)
        else {
            return nil
        }
        var overlay = Job.ImageOverlay(file: file)
        overlay.position = position(fields, "position") ?? overlay.position
        overlay.width = number(fields, "width", in: 0.001...1) ?? overlay.width
        overlay.opacity = number(fields, "opacity", in: 0...1) ?? overlay.opacity
        return overlay
    }

    private mutating func decodeVideoOverlay(_ node: YAMLNode, name: String) -> Job.VideoOverlay? {
        let allowed = ["file", "rect", "loop", "opacity"]
        guard let fields = fields(of: node, path: name, allowed: allowed, required: ["file", "rect"]),
            let file = existingFile(fields, "file", kind: .movie), let rectNode = fields["rect"],
            let rect = unitRect(rectNode, name: fields.name("rect"))
        else { return nil }
        var overlay = Job.VideoOverlay(file: file, rect: rect)
        overlay.loop = bool(fields, "loop") ?? overlay.loop
        overlay.opacity = number(fields, "opacity", in: 0...1) ?? overlay.opacity
        return overlay
    }

    mutating func unitRect(_ node: YAMLNode, name: String) -> Job.UnitRect? {
        let keys = ["x", "y", "width", "height"]
        guard let fields = fields(of: node, path: name, allowed: keys, required: keys) else { return nil }
        let values = keys.map { number(fields, $0, in: 0...1) }
        guard let x = values[0], let y = values[1], let width = values[2], let height = values[3] else { return nil }
        if width == 0 || height == 0 {
            error("\(name) is empty (width and height must be more than 0)", at: node)
            return nil
        }
        if x + width > 1 || y + height > 1 {
            error("\(name) reaches outside the frame (x + width and y + height must be at most 1)", at: node)
            return nil
        }
        return Job.UnitRect(x: x, y: y, width: width, height: height)
    }

    /// A named place (`top-left` …) or `{x, y}` in 0…1.
    mutating func position(_ fields: Fields, _ key: String) -> Position? {
        guard let node = fields[key] else { return nil }
        if node.entries != nil {
            guard let point = self.fields(of: node, path: fields.name(key), allowed: ["x", "y"], required: ["x", "y"]),
                let x = number(point, "x", in: 0...1), let y = number(point, "y", in: 0...1)
            else { return nil }
            return .point(x: x, y: y)
        }
        return choice(node, name: fields.name(key), Position.Anchor.self).map { .anchor($0) }
    }

    mutating func decodeTitleCard(_ node: YAMLNode, name: String) -> Job.TitleCard? {
        guard let fields = fields(of: node, path: name, allowed: ["text", "duration", "font", "background", "color"], required: ["text"]),
            let text = scalar(fields, "text", expected: "text")
        else { return nil }
        var card = Job.TitleCard(text: text)
        card.duration = duration(fields, "duration") ?? card.duration
        card.font = existingFile(fields, "font", kind: .font)
        card.background = value(fields, "background", expected: "blur or a colour \"#RRGGBB\"") { text in
            text == "blur" ? .blur : RGBAColor(text).map { .color($0) }
        }
        card.color = colour(fields, "color") ?? card.color
        if card.duration == .zero, let place = fields["duration"] {
            error("\(name).duration must be longer than 0s", at: place)
        }
        return card
    }
}

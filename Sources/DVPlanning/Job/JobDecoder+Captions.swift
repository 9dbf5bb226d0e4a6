extension JobDecoder {
    /// `captions:`, the look every caption has unless it says otherwise.
    mutating func decodeCaptionStyle(_ node: YAMLNode) -> Job.CaptionStyle {
        var style = Job.CaptionStyle()
        let allowed = ["font", "size", "align", "case", "color", "background", "fade", "direction", "language"]
        guard let fields = fields(of: node, path: "captions", allowed: allowed) else { return style }
        style.font = existingFile(fields, "font", kind: .font)
        style.size = number(fields, "size", in: 0.001...1) ?? style.size
        style.align = choice(fields, "align", TextAlignment.self) ?? style.align
        style.letterCase = choice(fields, "case", Job.LetterCase.self) ?? style.letterCase
        style.color = colour(fields, "color") ?? style.color
        if let background = fields["background"] {
            style.background = background.scalar == "none" ? nil : colour(fields, "background")
        }
        style.fade = duration(fields, "fade") ?? style.fade
        style.direction = choice(fields, "direction", TextDirection.self) ?? style.direction
        style.language = language(fields, "language")
        return style
    }

    /// A text's `language`: a BCP 47 tag or a POSIX locale name (`ja`, `zh-Hant`, `pt_BR`).
    mutating func language(_ fields: Fields, _ key: String) -> String? {
        guard let node = fields[key], let tag = scalar(fields, key, expected: "a language tag like ja, zh-Hant or ar") else { return nil }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        let valid =
            (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard valid else {
            error("\(fields.name(key)) must be a language tag like ja, zh-Hant or ar, not '\(tag)'", at: node)
            return nil
        }
        return tag
    }

    /// `days.<date>.captions`: timed captions, each `{text, start, end, position, color, background, size}`.
    /// Two that would show at once are an error at each, naming the other's place.
    mutating func decodeTimedCaptions(_ fields: Fields) -> [Job.TimedCaption] {
        guard let items = list(fields, "captions", example: "[{ text: Hello, start: 0.5s, end: 2s }]") else { return [] }
        var captions: [(caption: Job.TimedCaption, node: YAMLNode)] = []
        for (index, item) in items.enumerated() {
            let name = "\(fields.name("captions"))[\(index + 1)]"
            let allowed = ["text", "start", "end", "position", "color", "background", "size"]
            guard let caption = self.fields(of: item, path: name, allowed: allowed, required: ["text"]),
                let text = scalar(caption, "text", expected: "text")
            else { continue }
            var timed = Job.TimedCaption(text: text)
            timed.start = duration(caption, "start") ?? timed.start
            timed.end = duration(caption, "end")
            timed.position = position(caption, "position")
            timed.color = colour(caption, "color")
            timed.background = colour(caption, "background")
            timed.size = number(caption, "size", in: 0.001...1)
            if let end = timed.end, end <= timed.start, let place = caption["end"] {
                error("\(name) ends (\(end)) before it starts (\(timed.start)); end must be later than start", at: place)
                continue
            }
            captions.append((timed, item))
        }
        for (index, one) in captions.enumerated() {
            for other in captions[(index + 1)...] where Self.overlap(one.caption, other.caption) {
                error(
                    "this caption (\(Self.span(one.caption))) overlaps the one at \(other.node.location) (\(Self.span(other.caption))); captions of one day must not show at once",
                    at: one.node)
                error(
                    "this caption (\(Self.span(other.caption))) overlaps the one at \(one.node.location) (\(Self.span(one.caption))); captions of one day must not show at once",
                    at: other.node)
            }
        }
        return captions.map(\.caption).sorted { $0.start < $1.start }
    }

    private static func overlap(_ one: Job.TimedCaption, _ other: Job.TimedCaption) -> Bool {
        (other.end.map { one.start < $0 } ?? true) && (one.end.map { other.start < $0 } ?? true)
    }

    private static func span(_ caption: Job.TimedCaption) -> String {
        "\(caption.start) to \(caption.end.map(\.description) ?? "the clip's end")"
    }
}

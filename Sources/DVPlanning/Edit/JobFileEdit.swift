/// Changes days of a job file in its own text: only the lines of the changed days are rewritten, every
/// other byte (comments, order, quoting, blank lines, line ends, a missing final newline) stays.
///
/// Finds the places from libyaml's marks (`YAMLSpanReader`). A day the job file has in block style gets its
/// `pin`/`skip` lines replaced or added beside its other keys; a day in flow style (`{caption: hi}`) gets
/// that mapping rewritten on its line; a missing day is inserted in date order, indented like the file's
/// other days (two spaces when there are none); a missing `days:` is appended at the end. `days` written
/// as a non-empty flow mapping (`days: {2024-12-01: {skip: true}}`) is refused: rewrite it as a block
/// first. A day that only a preset (`extends:`) sets is written into the job file with the preset's other
/// keys copied, since a job's entry for a date replaces the preset's whole; the preset is never touched.
/// A pin on a day that is skipped also writes `skip: false`.
public struct JobFileEdit: Sendable {
    /// The job file's bytes, as read.
    public let bytes: [UInt8]
    /// How locations name the file.
    public let file: String
    /// The job merged with its presets (`JobLoadResult.tree`), for the days a preset sets.
    public let merged: YAMLNode?

    public init(bytes: [UInt8], file: String, merged: YAMLNode?) {
        self.bytes = bytes
        self.file = file
        self.merged = merged
    }

    /// One replacement of the bytes `range` by `text`; of two insertions at one place, the one with the
    /// higher `rank` goes after the other (a new date after the keys added to the day before it).
    private struct Splice {
        var range: Range<Int>
        var text: String
        var rank = 0
    }

    /// The file's bytes with `changes` made.
    public func applying(_ changes: [CalendarDay: DayChange]) throws(JobFileEditError) -> [UInt8] {
        guard !changes.isEmpty else { return bytes }
        guard let root = YAMLSpanReader.read(bytes), let rootEntries = root.entries, !root.isFlow else {
            throw JobFileEditError(at: location(0), "the job file is not a block mapping of keys, so dvpipe cannot change its days")
        }
        var changes = changes
        for (day, change) in changes where change.pin != nil && change.skip == nil && isSkipped(day) {
            changes[day]?.skip = false
        }
        var splices: [Splice] = []
        guard let daysKey = root.key("days"), let days = root.value(for: "days") else {
            let indent = String(repeating: " ", count: rootEntries.first?.key.column ?? 0)
            let lines = [indent + "days:"] + (try dayLines(changes, indent: indent + "  ", step: "  "))
            splices.append(insertion(lines, at: bytes.count))
            return apply(splices)
        }
        let dayEntries = days.entries ?? []
        if days.isFlow && !dayEntries.isEmpty || !days.isNull && days.entries == nil {
            throw JobFileEditError(
                at: location(days.start),
                "days is written in flow style ({…}); write it as a block, one date per line, for dvpipe to change it")
        }
        let step = indentStep(daysKey: daysKey, days: dayEntries)
        let dateIndent = String(repeating: " ", count: dayEntries.first?.key.column ?? daysKey.column + step.count)
        if dayEntries.isEmpty {
            let start = lineStart(daysKey.start)
            let lines = [String(repeating: " ", count: daysKey.column) + "days:"] + (try dayLines(changes, indent: dateIndent, step: step))
            let end = lineEnd(YAMLSpan.end(of: YAMLSpan.Entry(key: daysKey, value: days)))
            splices.append(Splice(range: start..<end, text: text(lines, endingAt: end)))
            return apply(splices)
        }
        let written = dayEntries.compactMap { entry in entry.key.scalar.flatMap(CalendarDay.init).map { (day: $0, entry: entry) } }
        var inserts: [Int: [CalendarDay: DayChange]] = [:]
        for (day, change) in changes.sorted(by: { $0.key < $1.key }) {
            if let entry = written.first(where: { $0.day == day })?.entry {
                splices += try edit(entry, day: day, change: change, step: step)
            } else {
                let before = written.last { $0.day < day }
                let at = before.map { lineEnd(YAMLSpan.end(of: $0.entry)) }
                inserts[at ?? lineEnd(daysKey.end), default: [:]][day] = change
            }
        }
        for (at, group) in inserts {
            var splice = insertion(try dayLines(group, indent: dateIndent, step: step), at: at)
            splice.rank = 1
            splices.append(splice)
        }
        return apply(splices)
    }

    /// The splices that change one day the job file writes.
    private func edit(_ entry: YAMLSpan.Entry, day: CalendarDay, change: DayChange, step: String) throws(JobFileEditError)
        -> [Splice]
    {
        let value = entry.value
        if change.pin != nil, value.key("layers") != nil {
            throw JobFileEditError(at: location(entry.key.start), "days.\(day) has layers, so it cannot take a pin; name the file as a layer's file")
        }
        let keyIndent = String(repeating: " ", count: entry.key.column)
        if value.isNull {
            let lines = [keyIndent + source(entry.key) + ":"] + change.lines.map { keyIndent + step + $0.key + ": " + $0.value }
            let end = lineEnd(YAMLSpan.end(of: entry))
            return [Splice(range: lineStart(entry.key.start)..<end, text: text(lines, endingAt: end))]
        }
        guard let fields = value.entries else {
            throw JobFileEditError(at: location(value.start), "days.\(day) is not a mapping, so dvpipe cannot change it")
        }
        if value.isFlow {
            var parts = fields.map { field -> String in
                let key = field.key.scalar ?? ""
                if let line = change.lines.first(where: { $0.key == key }) { return key + ": " + line.value }
                return String(decoding: bytes[field.key.start..<field.value.contentEnd], as: UTF8.self)
            }
            parts += change.lines.filter { line in !fields.contains { $0.key.scalar == line.key } }.map { $0.key + ": " + $0.value }
            return [Splice(range: value.start..<value.end, text: "{" + parts.joined(separator: ", ") + "}")]
        }
        var splices: [Splice] = []
        var added: [String] = []
        let fieldIndent = String(repeating: " ", count: fields.first?.key.column ?? entry.key.column + step.count)
        for line in change.lines {
            guard let field = fields.first(where: { $0.key.scalar == line.key }) else {
                added.append(fieldIndent + line.key + ": " + line.value)
                continue
            }
            let end = lineEnd(YAMLSpan.end(of: field))
            splices.append(
                Splice(range: lineStart(field.key.start)..<end, text: text([fieldIndent + line.key + ": " + line.value], endingAt: end)))
        }
        if !added.isEmpty {
            splices.append(insertion(added, at: lineEnd(value.contentEnd)))
        }
        return splices
    }

    /// The lines of new day entries, in date order; a day a preset sets takes the preset's other keys.
    private func dayLines(_ changes: [CalendarDay: DayChange], indent: String, step: String) throws(JobFileEditError) -> [String] {
        var lines: [String] = []
        for (day, change) in changes.sorted(by: { $0.key < $1.key }) {
            lines.append(indent + "\(day):")
            let preset = presetDay(day)
            if change.pin != nil, let layers = preset?.value.entries?.first(where: { $0.key.scalar == "layers" }) {
                let place = layers.key.location
                throw JobFileEditError(at: place, "days.\(day) has layers (from \(place.file)), so it cannot take a pin")
            }
            let kept = (preset?.value.entries ?? []).filter { entry in !change.lines.contains { $0.key == entry.key.scalar } }
            if !kept.isEmpty, let preset {
                let copied = YAMLNode(.mapping(kept), at: preset.value.location).yamlText(home: preset.value.location.file)
                lines += copied.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { indent + step + $0 }
            }
            lines += change.lines.map { indent + step + $0.key + ": " + $0.value }
        }
        return lines
    }

    /// The merged job's entry for `day` when a preset, not the job file, wrote it.
    private func presetDay(_ day: CalendarDay) -> YAMLNode.Entry? {
        let days = merged?.entries?.first { $0.key.scalar == "days" }?.value.entries ?? []
        return days.first { $0.key.scalar.flatMap(CalendarDay.init) == day && $0.key.location.file != file }
    }

    /// True when the merged job (the job file or a preset) skips `day`.
    private func isSkipped(_ day: CalendarDay) -> Bool {
        let days = merged?.entries?.first { $0.key.scalar == "days" }?.value.entries ?? []
        let entry = days.first { $0.key.scalar.flatMap(CalendarDay.init) == day }
        let skip = entry?.value.entries?.first { $0.key.scalar == "skip" }?.value
        return skip?.isPlainScalar == true && skip?.scalar == "true"
    }

    /// How far a day's keys sit inside its date: from a block day of the file, else the step from `days:`
    /// to its dates, else two spaces.
    private func indentStep(daysKey: YAMLSpan, days: [YAMLSpan.Entry]) -> String {
        for entry in days where !entry.value.isFlow {
            if let first = entry.value.entries?.first, first.key.column > entry.key.column {
                return String(repeating: " ", count: first.key.column - entry.key.column)
            }
        }
        if let first = days.first, first.key.column > daysKey.column {
            return String(repeating: " ", count: first.key.column - daysKey.column)
        }
        return "  "
    }

    /// New lines inserted at a line start `at`; at the end of a file without a final newline, the lines
    /// go after a line end and the file still ends without one.
    private func insertion(_ lines: [String], at offset: Int) -> Splice {
        if offset == bytes.count, let last = bytes.last, last != UInt8(ascii: "\n") {
            return Splice(range: offset..<offset, text: lineBreak + lines.joined(separator: lineBreak))
        }
        return Splice(range: offset..<offset, text: lines.map { $0 + lineBreak }.joined())
    }

    /// Replacement lines for lines ending at `end`: each with the file's line end, the last without one
    /// when the file ends there without a final newline.
    private func text(_ lines: [String], endingAt end: Int) -> String {
        let joined = lines.joined(separator: lineBreak)
        return end == bytes.count && bytes.last != UInt8(ascii: "\n") ? joined : joined + lineBreak
    }

    /// `\r\n` when the file's first line ends so, else `\n`.
    private var lineBreak: String {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    private func source(_ span: YAMLSpan) -> String {
        String(decoding: bytes[span.start..<span.end], as: UTF8.self)
    }

    /// The offset of the start of the line holding `offset`.
    private func lineStart(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n") { index -= 1 }
        return index
    }

    /// The offset just past the line end of the line holding the character before `offset` (an offset at a
    /// line start is already a line end), or the end of the file.
    private func lineEnd(_ offset: Int) -> Int {
        var index = min(offset, bytes.count)
        if index > 0, bytes[index - 1] == UInt8(ascii: "\n") { return index }
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        return min(index + 1, bytes.count)
    }

    private func location(_ offset: Int) -> SourceLocation {
        TextCheck(bytes: bytes, file: file).location(ofByte: offset)
    }

    private func apply(_ splices: [Splice]) -> [UInt8] {
        var result = bytes
        for splice in splices.sorted(by: { ($0.range.lowerBound, $0.range.upperBound, $0.rank) > ($1.range.lowerBound, $1.range.upperBound, $1.rank) }
        ) {
            result.replaceSubrange(splice.range, with: Array(splice.text.utf8))
        }
        return result
    }
}

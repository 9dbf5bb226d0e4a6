import Foundation

extension AnnotationCensus {
    /// What `dvpipe people` prints for the timeframe `days`: a line of totals, then a table of the people
    /// (name, days, files), and of the keywords and albums when `keywords` and `albums` ask for them.
    public func text(days: DayRange, keywords withKeywords: Bool, albums withAlbums: Bool) -> String {
        var lines = ["\(days.first) … \(days.last) (\(days.count) days): \(annotatedFiles) of \(files) files name someone or something."]
        var sections = [("People", people)]
        if withKeywords { sections.append(("Keywords", keywords)) }
        if withAlbums { sections.append(("Albums", albums)) }
        for (title, tallies) in sections {
            lines.append("")
            guard !tallies.isEmpty else {
                lines.append("\(title): none in the timeframe's files.")
                continue
            }
            let width = max(title.count, tallies.map(\.name.terminalColumns).max() ?? 0)
            lines.append(Self.padded(title, width) + "  days  files")
            for tally in tallies {
                lines.append(Self.padded(tally.name, width) + "  " + Self.aligned(tally.days, 4) + "  " + Self.aligned(tally.files, 5))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// What `dvpipe people --json` prints: the timeframe, the totals and the people, with the keywords and
    /// albums when `keywords` and `albums` ask for them (the keys are left out otherwise); each name as
    /// `{"name", "days", "files"}`, in the order of `people`. Keys sorted, for scripts and diffs.
    public func json(days: DayRange, keywords withKeywords: Bool, albums withAlbums: Bool) -> String {
        let report = JSONReport(
            from: days.first.description, to: days.last.description, days: days.count, files: files, annotatedFiles: annotatedFiles,
            people: people, keywords: withKeywords ? keywords : nil, albums: withAlbums ? albums : nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(report)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The shape of `json(days:keywords:albums:)`.
    private struct JSONReport: Encodable {
        var from: String
        var to: String
        var days: Int
        var files: Int
        var annotatedFiles: Int
        var people: [Tally]
        var keywords: [Tally]?
        var albums: [Tally]?

        enum CodingKeys: String, CodingKey {
            case from, to, days, files, people, keywords, albums
            case annotatedFiles = "annotated_files"
        }
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.terminalColumns))
    }

    private static func aligned(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

extension JobDecoder {
    /// The keys of `selection` and of `days.<date>` that say who and what a chosen file must show.
    static let metadataKeys = ["people", "keywords", "albums", "min_rating", "favourites"]

    /// The metadata filter in `fields` (`selection` or a day's mapping), or nil when it gives none of its keys.
    mutating func decodeMetadataFilter(_ fields: Fields) -> Job.MetadataFilter? {
        guard Self.metadataKeys.contains(where: { fields[$0] != nil }) else { return nil }
        var filter = Job.MetadataFilter()
        filter.people = fields["people"].flatMap { decodeNameCondition($0, name: fields.name("people"), example: "[Emma, Noah]") }
        filter.keywords = fields["keywords"].flatMap { decodeNameCondition($0, name: fields.name("keywords"), example: "[beach, People/Family]") }
        filter.albums = fields["albums"].flatMap { decodeNameCondition($0, name: fields.name("albums"), example: "[Summer 2024]") }
        filter.minRating = integer(fields, "min_rating", in: -1...5)
        filter.favourites = choice(fields, "favourites", Job.Favourites.self)
        return filter
    }

    /// A list of names (any of them), or a mapping of `any:`, `all:` and `none:` lists, which may be combined
    /// (every part must hold).
    private mutating func decodeNameCondition(_ node: YAMLNode, name: String, example: String) -> Job.NameCondition? {
        var condition = Job.NameCondition()
        if node.items != nil {
            condition.any = decodeNames(node, name: name, example: example, into: &condition.locations)
        } else if node.entries != nil {
            guard let fields = fields(of: node, path: name, allowed: ["any", "all", "none"]) else { return nil }
            for (key, list) in [("any", \Job.NameCondition.any), ("all", \.all), ("none", \.none)] {
                guard let items = fields[key] else { continue }
                condition[keyPath: list] = decodeNames(items, name: fields.name(key), example: example, into: &condition.locations)
            }
            if condition.names.isEmpty, fields.values.isEmpty {
                error("\(name) names nobody; give any:, all: or none: with a list like \(example)", at: node)
            }
        } else {
            error("\(name) must be a list like \(example) or a mapping {any: \(example), all: …, none: …}; found \(node.summary)", at: node)
            return nil
        }
        return condition.names.isEmpty ? nil : condition
    }

    /// The non-empty texts of a list, each an error where it is not one; where each was written goes into
    /// `locations`.
    private mutating func decodeNames(
        _ node: YAMLNode, name: String, example: String, into locations: inout [String: SourceLocation]
    ) -> [String] {
        guard let items = node.items else {
            error("\(name) must be a list like \(example); found \(node.summary)", at: node)
            return []
        }
        if items.isEmpty { error("\(name) is empty; list at least one name like \(example)", at: node) }
        var names: [String] = []
        for item in items {
            guard let text = value(item, name: "\(name) item", expected: "a name", { NameKey($0).folded.isEmpty ? nil : $0 }) else { continue }
            if names.contains(where: { NameKey($0) == NameKey(text) }) {
                warning("\(name) names '\(text)' twice; once is enough", at: item)
                continue
            }
            names.append(text)
            if locations[text] == nil { locations[text] = item.location }
        }
        return names
    }
}

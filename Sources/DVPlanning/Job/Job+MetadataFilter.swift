import Foundation

extension Job {
    /// Who and what a chosen file must show, from its own metadata (`selection.people`, `keywords`, `albums`,
    /// `min_rating`, `favourites`, or the same under `days.<date>` for one day).
    ///
    /// Names compare as `NameKey`s (case, width and normalisation form do not matter). A file is admitted when
    /// every condition given holds; an empty filter admits every file.
    public struct MetadataFilter: Sendable, Hashable, Codable {
        /// The people the file must name: by a named face region or a Takeout person, or by a keyword under
        /// `People/` whose leaf is the name (`People/Family/Emma` names Emma).
        public var people: NameCondition?
        /// The keywords the file must have; see `NameCondition.matches(keyword:)` for how a tag path matches.
        public var keywords: NameCondition?
        /// The albums the file must be in, by their titles.
        public var albums: NameCondition?
        /// The least rating the file must have (−1…5); an unrated file fails it.
        public var minRating: Int?
        /// How favourites count: first within a kind, or the only files chosen.
        public var favourites: Favourites?

        public init(
            people: NameCondition? = nil, keywords: NameCondition? = nil, albums: NameCondition? = nil, minRating: Int? = nil,
            favourites: Favourites? = nil
        ) {
            self.people = people
            self.keywords = keywords
            self.albums = albums
            self.minRating = minRating
            self.favourites = favourites
        }

        /// True when the filter says nothing (every file passes and ranking is unchanged).
        public var isEmpty: Bool { people == nil && keywords == nil && albums == nil && minRating == nil && favourites == nil }

        /// Whether a file whose metadata says `annotations` may be chosen.
        public func admits(_ annotations: Annotations) -> Bool {
            if let minRating, (annotations.rating ?? Int.min) < minRating { return false }
            if favourites == .only, !annotations.isFavourite { return false }
            if let people, !people.holds(for: Self.people(in: annotations)) { return false }
            if let keywords, !keywords.holds({ name in annotations.keywords.contains { NameCondition.keyword($0, matches: name) } }) {
                return false
            }
            if let albums, !albums.holds(for: Set(annotations.albums.map(NameKey.init))) { return false }
            return true
        }

        /// The people `annotations` names, as written, each once (by `NameKey`), in the order first found:
        /// its named regions and Takeout people, then the leaves of its keywords under `People/`
        /// (`People/Family/Emma` names Emma).
        public static func peopleNames(in annotations: Annotations) -> [String] {
            var names: [String] = []
            var seen: Set<NameKey> = []
            let leaves = annotations.keywords.compactMap { keyword -> String? in
                let parts = keyword.split { $0 == "/" || $0 == "|" }
                guard parts.count > 1, NameKey(String(parts[0])) == NameCondition.peopleRoot, let leaf = parts.last else { return nil }
                return String(leaf)
            }
            for name in annotations.people.map(\.name) + leaves {
                let key = NameKey(name)
                if !key.folded.isEmpty, seen.insert(key).inserted { names.append(name.trimmingCharacters(in: .whitespaces)) }
            }
            return names
        }

        /// The people `annotations` names, as `NameKey`s.
        public static func people(in annotations: Annotations) -> Set<NameKey> {
            Set(peopleNames(in: annotations).map(NameKey.init))
        }

        /// The names this filter lists, each with where it was written and which kind of name it is, in the
        /// job's order.
        var writtenNames: [(kind: NameKind, name: String, location: SourceLocation?)] {
            [(NameKind.person, people), (.keyword, keywords), (.album, albums)].flatMap { kind, condition in
                (condition?.names ?? []).map { (kind, $0, condition?.locations[$0]) }
            }
        }
    }

    /// How `selection.favourites` counts favourites.
    public enum Favourites: String, Sendable, Hashable, Codable, CaseIterable {
        /// Favourites rank first within a kind; other files are still chosen when there is no favourite.
        case prefer
        /// Only favourites are chosen.
        case only
    }

    /// What a person, keyword or album name is, for messages.
    enum NameKind: String {
        case person
        case keyword
        case album
    }

    /// A list of names in one of three forms, which may be combined in one mapping (every part must hold):
    /// a plain list or `any:` (at least one is there), `all:` (every one is there), `none:` (none is there).
    public struct NameCondition: Sendable, Hashable, Codable {
        public var any: [String]
        public var all: [String]
        public var none: [String]
        /// Where each name was written in the job, for the warning about a name no file has; not encoded.
        public var locations: [String: SourceLocation] = [:]

        public init(any: [String] = [], all: [String] = [], none: [String] = [], locations: [String: SourceLocation] = [:]) {
            self.any = any
            self.all = all
            self.none = none
            self.locations = locations
        }

        enum CodingKeys: String, CodingKey {
            case any, all, none
        }

        /// Every name listed, in the order any, all, none.
        public var names: [String] { any + all + none }

        /// Whether the condition holds for a file that names `present`.
        func holds(for present: Set<NameKey>) -> Bool {
            holds { present.contains(NameKey($0)) }
        }

        /// Whether the condition holds when `has` says which written names the file has.
        func holds(_ has: (String) -> Bool) -> Bool {
            (any.isEmpty || any.contains(where: has)) && all.allSatisfy(has) && !none.contains(where: has)
        }

        /// The first part of a hierarchical people tag (`People/Family/Emma`), as a `NameKey`.
        static let peopleRoot = NameKey("People")

        /// A keyword or tag path as its parts (split at `/` and at Lightroom's `|`), each a `NameKey`,
        /// empty parts left out.
        static func components(_ path: String) -> [NameKey] {
            path.split { $0 == "/" || $0 == "|" }.map { NameKey(String($0)) }.filter { !$0.folded.isEmpty }
        }

        /// Whether a file's keyword `tag` matches the job's `name`: a flat keyword by its name; a tag path
        /// by its whole path (`People/Family/Emma`), by its leaf or its last parts (`Emma`, `Family/Emma`),
        /// or by an ancestor (`People/Family` matches everything below it, as exiftool's
        /// `-if '$HierarchicalSubject =~ /People\|Family/'` does).
        public static func keyword(_ tag: String, matches name: String) -> Bool {
            let wanted = components(name)
            let parts = components(tag)
            guard !wanted.isEmpty, wanted.count <= parts.count else { return false }
            return parts.starts(with: wanted) || Array(parts.suffix(wanted.count)) == wanted
        }
    }

    /// The filter that chooses `day`'s clips: the day's own (`days.<date>` with any of the selection's
    /// metadata keys) when it has one, else the job's (`selection`); empty when neither says anything.
    public func metadataFilter(on day: CalendarDay) -> MetadataFilter {
        days[day]?.metadata ?? selection.metadata ?? MetadataFilter()
    }

    /// True when the job uses any of the metadata keys (`selection` or a day's), or `selection.score.rating`:
    /// only then does the plan say who is in a clip.
    public var usesMetadata: Bool {
        selection.metadata != nil || days.values.contains { $0.metadata != nil } || (selection.score.rating ?? 0) > 0
    }
}

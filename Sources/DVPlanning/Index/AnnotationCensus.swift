import Foundation

/// Who and what the files of a job's timeframe name, counted, for `dvpipe people`: each person, keyword and
/// album, in how many files and on how many days it appears, so a user finds the names to write in
/// `selection`. Counts what the planner may choose: the catalog's clips (a Live Photo once, its movie with
/// the annotations its still lends it; a photo) whose capture day is in the timeframe. Copies of a file in
/// several Takeout album folders are files of their own and count once each (`TakeoutAlbum`).
public struct AnnotationCensus: Sendable, Hashable, Codable {
    /// One name and how often it appears.
    public struct Tally: Sendable, Hashable, Codable {
        /// The name as most of its files write it, composed (NFC): spellings that `NameKey` makes one are
        /// counted together; between spellings written equally often, the first in Unicode order.
        public var name: String
        /// The files that name it.
        public var files: Int
        /// The days of the timeframe with such a file.
        public var days: Int
    }

    /// The people named (as `selection.people` reads them: named regions, Takeout people, tags under `People/`), most days first, then most files, then by name.
    public var people: [Tally]
    /// The keywords and hierarchical tags, in the same order.
    public var keywords: [Tally]
    /// The albums, in the same order.
    public var albums: [Tally]
    /// The files counted: the catalog's clips in the timeframe.
    public var files: Int
    /// Those of them that name someone or something (a person, keyword, album, rating, label or favourite).
    public var annotatedFiles: Int

    /// Counts the clips of `index` that the planner would sort into the timeframe of `rules` (its time zone,
    /// day rules and shortest usable movie).
    public init(index: [MediaEntry], rules: PlanningRules) {
        let timeZone = TimeZone(identifier: rules.timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0)!
        let catalog = MediaCatalog(index: index, timeZone: timeZone, dayRules: rules.dayRules, minimumMovieLength: rules.pace.frameLength)
        let timeframe = Set(rules.days)
        var people = Counter()
        var keywords = Counter()
        var albums = Counter()
        var files = 0
        var annotatedFiles = 0
        for clip in catalog.clips {
            let day = clip.capture.localTime.date
            guard timeframe.contains(day) else { continue }
            files += 1
            let annotations = catalog.annotations(of: clip)
            guard !annotations.isEmpty else { continue }
            annotatedFiles += 1
            people.count(Job.MetadataFilter.peopleNames(in: annotations), on: day)
            keywords.count(annotations.keywords, on: day)
            albums.count(annotations.albums, on: day)
        }
        self.people = people.tallies
        self.keywords = keywords.tallies
        self.albums = albums.tallies
        self.files = files
        self.annotatedFiles = annotatedFiles
    }

    /// The files and days of each name by its key, and how often each spelling is written.
    private struct Counter {
        private var files: [NameKey: Int] = [:]
        private var days: [NameKey: Set<CalendarDay>] = [:]
        private var spellings: [NameKey: [String: Int]] = [:]

        /// Counts one file of `day` that writes `names` (a name written twice, or in two spellings, once).
        mutating func count(_ names: [String], on day: CalendarDay) {
            var counted: Set<NameKey> = []
            for name in names {
                let key = NameKey(name)
                guard !key.isEmpty, counted.insert(key).inserted else { continue }
                files[key, default: 0] += 1
                days[key, default: []].insert(day)
                spellings[key, default: [:]][
                    name.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping, default: 0] += 1
            }
        }

        /// Every name, most days first, then most files, then by key.
        var tallies: [Tally] {
            files.map { key, count in
                let written = spellings[key, default: [:]].max { lhs, rhs in
                    lhs.value != rhs.value
                        ? lhs.value < rhs.value : rhs.key.unicodeScalars.lexicographicallyPrecedes(lhs.key.unicodeScalars)
                }
                return (key, Tally(name: written?.key ?? key.folded, files: count, days: days[key, default: []].count))
            }
            .sorted { lhs, rhs in
                (lhs.1.days, lhs.1.files) != (rhs.1.days, rhs.1.files)
                    ? (lhs.1.days, lhs.1.files) > (rhs.1.days, rhs.1.files) : lhs.0 < rhs.0
            }
            .map(\.1)
        }
    }
}

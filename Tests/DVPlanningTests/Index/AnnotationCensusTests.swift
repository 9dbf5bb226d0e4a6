import Foundation
import Testing

@testable import DVPlanning

/// `dvpipe people`'s counts: files and days per name within the timeframe, spellings grouped by `NameKey`,
/// Live Photos counted once with what their still lends, sorted by days, files, then name.
struct AnnotationCensusTests {
    /// A movie of `day` at noon whose embedded XMP says `annotations`.
    static func movie(_ name: String, _ day: String, _ annotations: Annotations, duration: Double = 3) -> MediaEntry {
        var entry = Fixtures.movie(name, local: "\(day)T12:00:00+0000", duration: duration)
        if case .media(var info) = entry.probe {
            info.annotations = annotations
            entry.probe = .media(info)
        }
        return entry
    }

    static func people(_ names: String...) -> Annotations { Annotations(people: names.map { NamedRegion(name: $0) }) }

    static func rules(_ from: String, _ to: String) -> PlanningRules {
        PlanningRules(days: Array(DayRange(CalendarDay(from)!, CalendarDay(to)!)), timeZoneIdentifier: "UTC", libraryRoots: ["/lib"])
    }

    @Test("names counted per file and per day in the timeframe, grouped across case and normalisation, shown as most files write them")
    func countsAndSpellings() {
        var still = Fixtures.photo("a/IMG_0009.HEIC", local: "2024-12-03T12:00:00+0000")
        if case .media(var info) = still.probe {
            info.annotations = Annotations(people: [NamedRegion(name: "Noah")], keywords: ["Beach"])
            still.probe = .media(info)
        }
        still.albums = ["Kyoto"]
        let index = [
            Self.movie("a/1.mp4", "2024-12-01", Self.people("Emma", "EMMA", "Noah")),
            Self.movie("a/2.mp4", "2024-12-01", Self.people("emma")),
            Self.movie("a/3.mp4", "2024-12-02", Self.people("Emma", "Zoe\u{301}")),
            Self.movie("a/4.mp4", "2024-12-02", Self.people("Zoé")),
            Self.movie("a/5.mp4", "2024-12-02", Self.people("Zoé")),
            // The Live Photo's movie says nothing; its still names Noah.
            Self.movie("a/IMG_0009.MOV", "2024-12-03", Annotations()), still,
            Self.movie("a/6.mp4", "2024-12-04", Annotations()),
            Self.movie("a/7.mp4", "2024-11-30", Self.people("Mia")),
            Fixtures.broken("a/8.mp4")
        ]
        let census = AnnotationCensus(index: index, rules: Self.rules("2024-12-01", "2024-12-31"))
        #expect(census.files == 7 && census.annotatedFiles == 6)
        #expect(
            census.people == [
                .init(name: "Emma", files: 3, days: 2), .init(name: "Noah", files: 2, days: 2), .init(name: "Zoé", files: 3, days: 1)
            ])
        #expect(census.people[2].name.unicodeScalars.count == 3, "the composed spelling, which two files write")
        #expect(census.keywords == [.init(name: "Beach", files: 1, days: 1)])
        #expect(census.albums == [.init(name: "Kyoto", files: 1, days: 1)])
        #expect(!census.people.contains { $0.name == "Mia" }, "outside the timeframe")
    }

    @Test("the text lists people and, when asked, keywords and albums; the JSON leaves out what was not asked")
    func reports() throws {
        let index = [Self.movie("a/1.mp4", "2024-12-01", Annotations(people: [NamedRegion(name: "Emma")], albums: ["Trip"]))]
        let census = AnnotationCensus(index: index, rules: Self.rules("2024-12-01", "2024-12-02"))
        let days = DayRange(CalendarDay("2024-12-01")!, CalendarDay("2024-12-02")!)
        #expect(
            census.text(days: days, keywords: true, albums: true) == """
                2024-12-01 … 2024-12-02 (2 days): 1 of 1 files name someone or something.

                People  days  files
                Emma       1      1

                Keywords: none in the timeframe's files.

                Albums  days  files
                Trip       1      1
                """)
        #expect(!census.text(days: days, keywords: false, albums: false).contains("Albums"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(census.json(days: days, keywords: false, albums: true).utf8)) as? [String: Any])
        #expect(json["keywords"] == nil && json["from"] as? String == "2024-12-01" && json["annotated_files"] as? Int == 1)
        let albums = try #require(json["albums"] as? [[String: Any]])
        #expect(albums.first?["name"] as? String == "Trip" && albums.first?["days"] as? Int == 1)
    }

    @Test("names in wide scripts line up: 陽翔 takes four columns, a decomposed Zoë three, like the Latin names beside them")
    func wideNamesLineUp() {
        #expect("陽翔".terminalColumns == 4 && "Zoe\u{308}".terminalColumns == 3 && "زينب".terminalColumns == 4 && "Ｅｍｍａ".terminalColumns == 8)
        let index = [
            Self.movie("a/1.mp4", "2024-12-01", Self.people("陽翔", "Emma")), Self.movie("a/2.mp4", "2024-12-01", Self.people("Zoe\u{308}"))
        ]
        let census = AnnotationCensus(index: index, rules: Self.rules("2024-12-01", "2024-12-01"))
        let rows = census.text(days: DayRange(CalendarDay("2024-12-01")!, CalendarDay("2024-12-01")!), keywords: false, albums: false)
            .split(separator: "\n").dropFirst()
        #expect(rows.count == 4)
        #expect(Set(rows.map(\.terminalColumns)).count == 1, "every row as wide: \(rows)")
    }

    @Test("a tag under People/ names its leaf, as the planner's selection.people reads it")
    func peopleTagsNamePeople() {
        let index = [Self.movie("a/1.mp4", "2024-12-01", Annotations(keywords: ["People/Family/Noah", "Places/Park"]))]
        let census = AnnotationCensus(index: index, rules: Self.rules("2024-12-01", "2024-12-01"))
        #expect(census.people.map(\.name) == ["Noah"])
        #expect(census.keywords.map(\.name) == ["People/Family/Noah", "Places/Park"])
    }
}

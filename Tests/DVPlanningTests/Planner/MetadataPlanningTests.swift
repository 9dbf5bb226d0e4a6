import Foundation
import Testing

@testable import DVPlanning

@Suite struct MetadataPlanningTests {
    private static func area(_ side: Double) -> RegionArea? { RegionArea(x: 0.1, y: 0.1, width: side, height: side) }

    /// A movie of 2024-12-01 at `time` whose embedded XMP names `annotations`.
    private func movie(_ name: String, _ time: String, _ annotations: Annotations? = nil, duration: Double = 10) -> MediaEntry {
        var entry = Fixtures.movie(name, local: "2024-12-01T\(time)-0800", duration: duration)
        if case .media(var info) = entry.probe {
            info.annotations = annotations
            entry.probe = .media(info)
        }
        return entry
    }

    private func rules(_ filter: Job.MetadataFilter?, order: Job.SelectionOrder = .earliest, named: Bool = true) -> PlanningRules {
        var rules = DVPlanning.PlanningRules(
            days: [CalendarDay("2024-12-01")!], timeZoneIdentifier: "America/Los_Angeles", libraryRoots: [Fixtures.root], order: order)
        rules.metadata = filter
        rules.namesClips = named
        return rules
    }

    private let library = Annotations(
        people: [NamedRegion(name: "Emma", area: area(0.2)), NamedRegion(name: "Noah")],
        keywords: ["beach", "People/Family/Mia", "Places/Japan/京都"], rating: 4, isFavourite: true, albums: ["Summer 2024"])

    @Test("people: any, all and none; by region, Takeout person or People/ tag leaf")
    func peopleConditions() {
        let any = Job.MetadataFilter(people: Job.NameCondition(any: ["emma", "Zoe"]))
        let all = Job.MetadataFilter(people: Job.NameCondition(all: ["Emma", "Mia"]))
        let none = Job.MetadataFilter(people: Job.NameCondition(none: ["NOAH"]))
        let combined = Job.MetadataFilter(people: Job.NameCondition(any: ["Zoe", "Mia"], none: ["Liam"]))
        #expect(any.admits(library))
        #expect(all.admits(library))
        #expect(!none.admits(library))
        #expect(combined.admits(library))
        #expect(!any.admits(Annotations(keywords: ["Emma"])), "a flat keyword is no person")
        #expect(Job.MetadataFilter.peopleNames(in: library) == ["Emma", "Noah", "Mia"])
    }

    @Test("keywords match by whole path, by leaf or last parts, and by an ancestor")
    func keywordPaths() {
        for name in ["beach", "BEACH", "People/Family/Mia", "Mia", "Family/Mia", "People/Family", "People", "京都", "people|family"] {
            #expect(Job.MetadataFilter(keywords: Job.NameCondition(any: [name])).admits(library), "\(name)")
        }
        for name in ["Family", "Fam", "People/Mia", "beaches"] {
            #expect(!Job.MetadataFilter(keywords: Job.NameCondition(any: [name])).admits(library), "\(name)")
        }
    }

    @Test("albums, minimum rating and favourites")
    func albumsRatingFavourites() {
        #expect(Job.MetadataFilter(albums: Job.NameCondition(any: ["summer 2024"])).admits(library))
        #expect(!Job.MetadataFilter(albums: Job.NameCondition(none: ["Summer 2024"])).admits(library))
        #expect(Job.MetadataFilter(minRating: 4).admits(library))
        #expect(!Job.MetadataFilter(minRating: 5).admits(library))
        #expect(!Job.MetadataFilter(minRating: -1).admits(Annotations()), "an unrated file fails min_rating")
        #expect(Job.MetadataFilter(minRating: -1).admits(Annotations(rating: -1)))
        #expect(Job.MetadataFilter(favourites: .only).admits(library))
        #expect(!Job.MetadataFilter(favourites: .only).admits(Annotations()))
        #expect(Job.MetadataFilter(favourites: .prefer).admits(Annotations()))
        #expect(Job.MetadataFilter().admits(Annotations()))
    }

    @Test("a Japanese or Arabic name in another form and case matches as one")
    func otherScriptsMatch() {
        let file = Annotations(people: [NamedRegion(name: "\u{304C}\u{304F}"), NamedRegion(name: "\u{0623}\u{062D}\u{0645}\u{062F}")])
        #expect(
            Job.MetadataFilter(people: Job.NameCondition(all: ["\u{304B}\u{3099}\u{304F}", "\u{0627}\u{0654}\u{062D}\u{0645}\u{062F}"])).admits(file))
    }

    @Test("the planner chooses only among admitted clips, and the day's filter overrides the job's")
    func plannerFilters() {
        let index = [movie("a.mov", "09:00:00"), movie("b.mov", "10:00:00", Annotations(people: [NamedRegion(name: "Emma")]))]
        let emma = Job.MetadataFilter(people: Job.NameCondition(any: ["Emma"]))
        let plan = Planner.plan(index: index, rules: rules(emma))
        #expect(plan.on("2024-12-01").clip?.file == "b.mov")
        #expect(plan.on("2024-12-01").reason == "video 1 of 1 · Emma")
        var overridden = rules(emma)
        overridden.daySettings[CalendarDay("2024-12-01")!] = Job.DaySettings(metadata: Job.MetadataFilter(people: Job.NameCondition(none: ["Emma"])))
        #expect(Planner.plan(index: index, rules: overridden).on("2024-12-01").clip?.file == "a.mov")
        let nobody = Job.MetadataFilter(people: Job.NameCondition(any: ["Noah"]))
        #expect(Planner.plan(index: index, rules: rules(nobody)).on("2024-12-01").status == .noMedia)
    }

    @Test("favourites: prefer ranks a favourite first within its kind; only leaves the others out")
    func favourites() {
        let index = [movie("a.mov", "09:00:00"), movie("b.mov", "10:00:00", Annotations(rating: 5, isFavourite: true))]
        let prefer = Planner.plan(index: index, rules: rules(Job.MetadataFilter(favourites: .prefer)))
        #expect(prefer.on("2024-12-01").clip?.file == "b.mov")
        #expect(prefer.on("2024-12-01").reason == "video 1 of 2 · ★5")
        let only = Planner.plan(index: index, rules: rules(Job.MetadataFilter(favourites: .only)))
        #expect(only.on("2024-12-01").reason == "video 1 of 1 · ★5")
    }

    @Test("a Live Photo's still lends its people to its movie")
    func liveStillLends() {
        var still = Fixtures.photo("IMG_1.HEIC", local: "2024-12-01T09:00:00-0800")
        if case .media(var info) = still.probe {
            info.annotations = Annotations(people: [NamedRegion(name: "Emma")])
            still.probe = .media(info)
        }
        let index = [movie("IMG_1.MOV", "09:00:00"), still, movie("z.mov", "08:00:00")]
        let plan = Planner.plan(index: index, rules: rules(Job.MetadataFilter(people: Job.NameCondition(any: ["Emma"]))))
        #expect(plan.on("2024-12-01").clip?.file == "IMG_1.MOV")
        #expect(plan.on("2024-12-01").clip?.people == ["Emma"])
    }

    @Test("order: best counts the rating by selection.score.rating, and a wanted person's named face")
    func ratingAndNamedFacesRank() {
        let plain = MomentScores(steps: [MomentScores.Step(sharpness: 0.6, exposure: 0.6, steadiness: 0.6, motion: 0.6, sound: 0.6, faces: 0)])
        let index = [
            movie("a.mov", "09:00:00", Annotations(rating: 1), duration: 1), movie("b.mov", "10:00:00", Annotations(rating: 5), duration: 1)
        ]
        var weighed = rules(nil, order: .best)
        weighed.videoWindow = Job.ClipWindow(duration: .fixed(.seconds(1)), start: .middle)
        weighed.moments = ["/lib/a.mov": plain, "/lib/b.mov": plain]
        #expect(Planner.plan(index: index, rules: weighed).on("2024-12-01").clip?.file == "a.mov", "equal scores: earliest")
        weighed.momentWeights.rating = 2
        #expect(Planner.plan(index: index, rules: weighed).on("2024-12-01").clip?.file == "b.mov")
        let faces = [
            movie("a.mov", "09:00:00", Annotations(people: [NamedRegion(name: "Emma")]), duration: 1),
            movie("b.mov", "10:00:00", Annotations(people: [NamedRegion(name: "Emma", area: Self.area(0.3))]), duration: 1)
        ]
        var wanting = weighed
        wanting.momentWeights.rating = nil
        wanting.metadata = Job.MetadataFilter(people: Job.NameCondition(any: ["Emma"]))
        #expect(Planner.plan(index: faces, rules: wanting).on("2024-12-01").clip?.file == "b.mov")
    }

    @Test("a name in no file is a warning at its place, naming the nearest known names")
    func unknownNames() throws {
        let (result, marked) = load(
            minimalJob + "\nselection:\n  people: [Emma, 1️⃣Emmma]\n  keywords: [beach, 2️⃣Peeple/Family]\n  albums: [3️⃣Sumer 2024]")
        let job = try #require(result.job)
        let rules = PlanningRules(job: job, days: DayRange(CalendarDay("2024-12-01")!, CalendarDay("2024-12-01")!))
        let index = [movie("a.mov", "09:00:00", library), movie("b.mov", "10:00:00", Annotations(people: [NamedRegion(name: "Emily")]))]
        let warnings = Planner.plan(index: index, rules: rules).warnings.filter { $0.code == .unknownName }
        #expect(warnings.map(\.location) == ["1️⃣", "2️⃣", "3️⃣"].map { Optional(marked.location($0)) })
        #expect(
            warnings.map(\.message) == [
                "no file of the library names the person 'Emmma'; the nearest known: 'Emma'",
                "no file of the library names the keyword 'Peeple/Family'; the nearest known: 'People/Family/Mia'",
                "no file of the library names the album 'Sumer 2024'; the nearest known: 'Summer 2024'"
            ])
        #expect(warnings[0].description.hasPrefix("job.yaml:\(marked.location("1️⃣").line):"))
    }

    @Test("plan JSON gives people, keywords, rating and albums only when the plan names clips and the file has them")
    func planJSONShape() throws {
        let index = [movie("a.mov", "09:00:00", library), movie("b.mov", "10:00:00")]
        let plain = Planner.plan(index: index, rules: rules(nil, named: false))
        let before = Planner.plan(index: [movie("a.mov", "09:00:00"), movie("b.mov", "10:00:00")], rules: rules(nil, named: false))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encode(plain) == encoder.encode(before), "a job without the keys keeps its JSON byte for byte")
        #expect(plain.on("2024-12-01").reason == before.on("2024-12-01").reason)

        let named = Planner.plan(index: index, rules: rules(Job.MetadataFilter(minRating: 4)))
        let json = try #require(try JSONSerialization.jsonObject(with: encoder.encode(named)) as? [String: Any])
        let day = try #require((json["days"] as? [[String: Any]])?.first)
        #expect(day["people"] as? [String] == ["Emma", "Noah", "Mia"])
        #expect(day["keywords"] as? [String] == ["beach", "People/Family/Mia", "Places/Japan/京都"])
        #expect(day["rating"] as? Int == 4)
        #expect(day["albums"] as? [String] == ["Summer 2024"])
        let decoded = try JSONDecoder().decode(Plan.self, from: encoder.encode(named))
        #expect(decoded.on("2024-12-01").clip?.people == ["Emma", "Noah", "Mia"])
        let bare = Planner.plan(index: [movie("b.mov", "10:00:00")], rules: rules(Job.MetadataFilter(favourites: .prefer)))
        let bareDay = try #require(
            (try JSONSerialization.jsonObject(with: encoder.encode(bare)) as? [String: Any]).flatMap { $0["days"] as? [[String: Any]] }?.first)
        #expect(bareDay["people"] == nil && bareDay["rating"] == nil, "a file that names nothing keeps the shape")
    }

    @Test("{people} joins the clip's people in the job's locale; empty or its fallback without anyone")
    func peopleToken() {
        #expect(PeopleList.fill("{people}", with: ["Emma", "Noah"], locale: "en_US") == "Emma and Noah")
        #expect(PeopleList.fill("With {people}!", with: ["Emma", "Noah", "Mia"], locale: "en_US") == "With Emma, Noah and Mia!")
        #expect(PeopleList.fill("{people}", with: ["Emma", "Noah", "Mia"], locale: "fr_FR") == "Emma, Noah et Mia")
        #expect(PeopleList.fill("{people}", with: ["花子", "太郎"], locale: "ja") == "花子、太郎")
        #expect(PeopleList.fill("{people}", with: [], locale: "en") == "")
        #expect(PeopleList.fill("{people|everyone} at {city}", with: [], locale: "en") == "everyone at {city}")
        #expect(PeopleList.fill("{peoples}", with: ["Emma"], locale: "en") == "{peoples}")
    }
}

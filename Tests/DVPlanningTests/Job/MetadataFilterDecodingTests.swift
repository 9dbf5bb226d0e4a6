import DVPlanning
import Testing

@Suite struct MetadataFilterDecodingTests {
    @Test("a list means any; any, all and none combine in one mapping; every key is read")
    func everyKeyIsRead() throws {
        let job = try #require(
            validJob(
                minimalJob + """

                    selection:
                      people: [Emma, Noah]
                      keywords: { all: [beach, People/Family], none: [work] }
                      albums: { any: [Summer 2024] }
                      min_rating: 3
                      favourites: prefer
                      score: { rating: 2 }
                    """))
        let filter = try #require(job.selection.metadata)
        #expect(filter.people?.any == ["Emma", "Noah"])
        #expect(filter.keywords?.all == ["beach", "People/Family"])
        #expect(filter.keywords?.none == ["work"])
        #expect(filter.albums?.any == ["Summer 2024"])
        #expect(filter.minRating == 3)
        #expect(filter.favourites == .prefer)
        #expect(job.selection.score.rating == 2)
        #expect(job.usesMetadata)
    }

    @Test("a day's keys replace the job's for that day only")
    func dayOverridesTheJob() throws {
        let job = try #require(
            validJob(
                minimalJob + """

                    selection: { people: [Emma] }
                    days:
                      2024-12-25: { people: { all: [Emma, Noah] }, favourites: only }
                    """))
        let christmas = job.metadataFilter(on: try #require(CalendarDay("2024-12-25")))
        #expect(christmas.people?.all == ["Emma", "Noah"])
        #expect(christmas.favourites == .only)
        let other = job.metadataFilter(on: try #require(CalendarDay("2024-12-24")))
        #expect(other.people?.any == ["Emma"])
        #expect(other.favourites == nil)
    }

    @Test("a job without the keys has no filter and does not name clips")
    func noKeysNoFilter() throws {
        let job = try #require(validJob(minimalJob))
        #expect(job.selection.metadata == nil)
        #expect(job.selection.score.rating == nil)
        #expect(!job.usesMetadata)
        #expect(job.metadataFilter(on: try #require(CalendarDay("2024-12-01"))).isEmpty)
    }

    @Test func ratingOutOfRange() {
        expectDiagnostic(minimalJob + "\nselection: { min_rating: 1️⃣6 }", containing: "selection.min_rating must be a whole number -1…5")
    }

    @Test func unknownFavouritesValue() {
        expectDiagnostic(minimalJob + "\nselection: { favourites: 1️⃣first }", containing: "unknown selection.favourites 'first'")
    }

    @Test func peopleAsTextIsAnError() {
        expectDiagnostic(minimalJob + "\nselection: { people: 1️⃣Emma }", containing: "selection.people must be a list like [Emma, Noah]")
    }

    @Test func emptyPeopleList() {
        expectDiagnostic(minimalJob + "\nselection: { people: 1️⃣[] }", containing: "selection.people is empty")
    }

    @Test func misspeltConditionKey() {
        expectDiagnostic(
            minimalJob + "\nselection: { keywords: { 1️⃣nope: [beach] } }", containing: "unknown key 'nope' in selection.keywords; did you mean 'none'?"
        )
    }

    @Test func aNameThatIsNotText() {
        expectDiagnostic(minimalJob + "\nselection: { albums: { all: [1️⃣[a]] } }", containing: "selection.albums.all item must be a name")
    }

    @Test func dayKeyIsChecked() {
        expectDiagnostic(
            minimalJob + "\ndays:\n  2024-12-02: { min_rating: 1️⃣high }", containing: "days.2024-12-02.min_rating must be a whole number")
    }

    @Test func aNameTwiceIsAWarning() {
        expectDiagnostic(minimalJob + "\nselection: { people: [Emma, 1️⃣EMMA] }", .warning, containing: "names 'EMMA' twice")
    }

    @Test("every problem is reported at once, each at its place")
    func everyProblemAtOnce() {
        let (result, marked) = load(minimalJob + "\nselection: { people: 1️⃣x, min_rating: 2️⃣9, favourites: 3️⃣yes }")
        #expect(result.errors.map(\.location) == ["1️⃣", "2️⃣", "3️⃣"].map { marked.location($0) })
    }
}

import DVPlanning
import Testing

/// `subject: {people: [NAME, …]}`: the people the framing keeps in the frame.
@Suite struct SubjectDecodingTests {
    static let job = """
        version: 1
        library: { paths: [lib] }
        timeframe: { month: 2024-12 }
        output: { path: out.mp4 }

        """

    @Test("the names are read as written, trimmed; a job without the key has none")
    func names() throws {
        let job = try #require(validJob(Self.job + "subject: { people: [Emma, \" Noah \", 美咲] }\n"))
        #expect(job.subject?.people == ["Emma", "Noah", "美咲"])
        #expect(try #require(validJob(Self.job)).subject == nil)
    }

    @Test("mistakes are located: no people, an empty list or name, another key")
    func mistakes() {
        expectDiagnostic(Self.job + "subject: 1️⃣{}\n", containing: "people")
        expectDiagnostic(Self.job + "subject: { people: 1️⃣[] }\n", containing: "subject.people is empty")
        expectDiagnostic(Self.job + "subject: { people: [1️⃣\"\"] }\n", containing: "subject.people[0]")
        expectDiagnostic(Self.job + "subject: { people: 1️⃣Emma }\n", containing: "subject.people must be a list")
        expectDiagnostic(Self.job + "subject: { people: [Emma], 1️⃣names: [Noah] }\n", containing: "names")
    }
}

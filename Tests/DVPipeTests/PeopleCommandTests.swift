import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe people` on a Google Takeout library written at test time: real clips from the sample writer, their
/// days, people and favourites in Takeout's JSON, an album folder whose JSON has a localised name, a JSON that
/// is not JSON. The names come out grouped across case and normalisation, counted by files and days of the
/// timeframe, in the order a user reads them.
@Suite(.tags(.endToEnd))
struct PeopleCommandTests {
    /// Writes the library and its job; returns the job file.
    static func library(in folder: TemporaryFolder) throws -> URL {
        let year = try folder.subfolder("media/Takeout/Google Photos/Photos from 2024")
        let album = try folder.subfolder("media/Takeout/Google Photos/Kyoto")
        let writer = try SampleWriter()
        // Clip → (folder, its UTC noon's day, the people its JSON names).
        let clips: [(name: String, folder: URL, day: Int, people: [String])] = [
            ("a.mp4", year, 1, ["Emma", "Noah"]), ("b.mp4", year, 2, ["EMMA"]), ("c.mp4", year, 2, ["Zoe\u{301}"]),
            ("d.mp4", year, 3, ["Zoé", "Emma"]), ("e.mp4", album, 4, ["山田 太郎", "أحمد"]), ("f.mp4", album, 5, ["\u{627}\u{654}حمد"]),
            ("g.mp4", year, -20, ["Mia"])
        ]
        for (index, clip) in clips.enumerated() {
            _ = try writer.write(
                SampleClip(fileName: clip.name, duration: 1, width: 160, height: 90, audio: .none, text: "\(index)"), in: clip.folder)
            let seconds = 1_733_054_400 + (clip.day - 1) * 86_400
            let people = clip.people.map { #"{"name": "\#($0)"}"# }.joined(separator: ", ")
            try Data(#"{"title": "\#(clip.name)", "photoTakenTime": {"timestamp": "\#(seconds)"}, "people": [\#(people)], "favorited": true}"#.utf8)
                .write(to: clip.folder.appendingPathComponent(clip.name + ".supplemental-metadata.json"))
        }
        try Data(#"{"title": "Trip to Kyoto", "description": ""}"#.utf8).write(to: album.appendingPathComponent("métadonnées.json"))
        _ = try writer.write(SampleClip(fileName: "h.mp4", duration: 1, width: 160, height: 90, audio: .none), in: year)
        try Data("not JSON at all {".utf8).write(to: year.appendingPathComponent("h.mp4.json"))
        let job = folder.url.appendingPathComponent("people.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-31 }
        output: { path: out/people.mp4 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    @Test("people are listed by days, files and name, grouped across case and normalisation; --albums and --keywords add theirs")
    func listsWhoAppears() throws {
        let folder = try TemporaryFolder("people")
        let job = try Self.library(in: folder)

        let text = try DVPipeProcess.run(["people", job.path, "--albums", "--keywords"])
        try #require(text.status == 0, "stderr: \(text.standardError)")
        #expect(
            text.standardOutput == """
                2024-12-01 … 2024-12-31 (31 days): 6 of 6 files name someone or something.

                People     days  files
                Emma          3      3
                Zoé           2      2
                أحمد          2      2
                Noah          1      1
                山田 太郎     1      1

                Keywords: none in the timeframe's files.

                Albums         days  files
                Trip to Kyoto     2      2

                """, "\(text.standardOutput)")

        let json = try DVPipeProcess.run(["people", job.path, "--json"])
        try #require(json.status == 0, "stderr: \(json.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let people = try #require(document["people"] as? [[String: Any]])
        #expect(people.map { $0["name"] as? String ?? "" } == ["Emma", "Zoé", "أحمد", "Noah", "山田 太郎"])
        #expect(people.map { $0["days"] as? Int ?? 0 } == [3, 2, 2, 1, 1] && people.map { $0["files"] as? Int ?? 0 } == [3, 2, 2, 1, 1])
        #expect(document["albums"] == nil && document["keywords"] == nil && document["days"] as? Int == 31)
        #expect(document["files"] as? Int == 6, "the clip outside the timeframe and the one whose JSON is not JSON are not counted")

        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(plan.status == 0, "the same library plans: \(plan.standardError)")
    }
}

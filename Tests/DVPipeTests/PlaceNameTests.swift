import DVPlanning
import DVRender
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Place names from positions, against the same GeoNames table searched independently: Python over the CSV,
/// nearest town by great-circle distance, every town compared. The table is the one
/// `scripts/install-places.sh` installs (`make test` puts it in `.build-places/`).
@Suite(.serialized) struct PlaceNameTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build-places/cities1000.csv")

    /// Fails the test, rather than skipping it, on a machine without the table.
    static func requireTable() throws {
        try #require(FileManager.default.fileExists(atPath: table.path), "make test installs the table (scripts/install-places.sh .build-places/cities1000.csv)")
    }

    /// The nearest town to each of `positions` by brute force in Python: `name|admin1|cc` a line.
    static func pythonNearest(_ positions: [GeoPosition]) throws -> [String] {
        let script = """
            import csv, math, sys
            towns = [(math.radians(float(r["lat"])), math.radians(float(r["lon"])), r["name"], r["admin1"], r["cc"])
                     for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))]
            for line in sys.stdin:
                lat, lon = (math.radians(float(v)) for v in line.split())
                def haversine(t):
                    return math.sin((t[0] - lat) / 2) ** 2 + math.cos(lat) * math.cos(t[0]) * math.sin((t[1] - lon) / 2) ** 2
                best = min(towns, key=haversine)
                print(f"{best[2]}|{best[3]}|{best[4]}")
            """
        let input = positions.map { "\($0.latitude) \($0.longitude)" }.joined(separator: "\n") + "\n"
        let folder = try TemporaryFolder("places")
        let inputFile = folder.url.appendingPathComponent("points.txt")
        let scriptFile = folder.url.appendingPathComponent("nearest.py")
        try input.write(to: inputFile, atomically: true, encoding: .utf8)
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let (status, printed) = try ReferenceCommand.printed("/bin/sh", ["-c", "python3 \"$0\" \"$1\" < \"$2\"", scriptFile.path, table.path, inputFile.path])
        try #require(status == 0, "\(printed)")
        return printed.split(separator: "\n").map(String.init)
    }

    @Test(
        "the nearest town to 400 points over the globe and to the corpus's positions is Python's nearest, over every town of the table")
    func nearestTownAgreesWithBruteForce() throws {
        try Self.requireTable()
        let places = try #require(try PlaceNames.table(["DVPIPE_PLACES": Self.table.path]))
        #expect(places.count == 144_563)
        var generator = SplitMix64(seed: 36)
        var positions = (0..<400).compactMap { _ in
            GeoPosition(latitude: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi, longitude: Double.random(in: -180..<180, using: &generator))
        }
        positions += [
            GeoPosition(latitude: 34.6648, longitude: -86.4704), GeoPosition(latitude: 51.5334, longitude: -0.1255),
            GeoPosition(latitude: 35.0116, longitude: 135.7681), GeoPosition(latitude: -89.9, longitude: 10), GeoPosition(latitude: 0, longitude: 179.99),
        ].compactMap { $0 }
        let expected = try Self.pythonNearest(positions)
        try #require(expected.count == positions.count)
        var disagreements: [String] = []
        for (position, python) in zip(positions, expected) {
            let place = places.place(at: position)
            let ours = "\(place.city)|\(place.region)|\(place.countryCode)"
            if ours != python { disagreements.append("\(position): dvpipe \(ours), Python \(python)") }
        }
        #expect(disagreements.isEmpty, "\(disagreements)")
        let kyoto = places.place(at: try #require(GeoPosition(latitude: 35.0116, longitude: 135.7681)))
        #expect(kyoto.city == "Kyoto" && kyoto.country == "Japan", "\(kyoto)")
    }

    @Test(
        "the plan names where each corpus clip was shot; a caption's {place} and a title card's {city} render the bytes of those names written out")
    func planAndCaptionNameThePlace() throws {
        try Self.requireTable()
        let environment = ["DVPIPE_PLACES": Self.table.path]
        let scratch = try TemporaryFolder("corpus-places")
        let media = try scratch.subfolder("media")
        try FileManager.default.copyItem(at: RealCorpusTests.folder.appendingPathComponent("IMG_3582.mov"), to: media.appendingPathComponent("IMG_3582.mov"))
        let job = try RealCorpusTests.writeJob("place", in: scratch, from: "2025-05-26", to: "2025-05-26", resolution: "320x180",
                                               days: "intro: { text: \"May in {city|nowhere}\" }\ndays: { 2025-05-26: { caption: \"{city} · {country}\" } }\n")
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"], environment: environment)
        #expect(plan.status == 0, "\(plan.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let day = try #require((json["days"] as? [[String: Any]])?.first)
        let place = try #require(day["place"] as? [String: String], "\(day)")
        let python = try Self.pythonNearest([try #require(GeoPosition(latitude: 34.6648, longitude: -86.4704))])
        #expect("\(place["city"] ?? "")|\(place["region"] ?? "")|\(place["country_code"] ?? "")" == python.first, "\(place)")
        #expect(place["country"] == "United States")

        let tokens = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: environment)
        #expect(tokens.status == 0, "\(tokens.standardError)")
        let written = try RealCorpusTests.writeJob("written", in: scratch, from: "2025-05-26", to: "2025-05-26", resolution: "320x180",
                                                   days: "intro: { text: \"May in \(place["city"] ?? "")\" }\n"
                                                       + "days: { 2025-05-26: { caption: \"\(place["city"] ?? "") · United States\" } }\n")
        let literal = try DVPipeProcess.run(["run", written.path, "--progress", "none"], environment: environment)
        #expect(literal.status == 0, "\(literal.standardError)")
        let out = scratch.url.appendingPathComponent("out")
        #expect(try Data(contentsOf: out.appendingPathComponent("place.mp4")) == Data(contentsOf: out.appendingPathComponent("written.mp4")))

        let without = try DVPipeProcess.run(["plan", job.path, "--json"], environment: ["DVPIPE_PLACES": scratch.url.appendingPathComponent("none.csv").path])
        let bare = try #require(try JSONSerialization.jsonObject(with: Data(without.standardOutput.utf8)) as? [String: Any])
        #expect((bare["days"] as? [[String: Any]])?.first?["place"] is NSNull, "no table: no place name, and no error")
    }
}

import DVPlanning
import DVRender
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Place names from positions, against the same GeoNames table searched independently: Python over the CSV,
/// nearest town by great-circle distance, every town compared. The table is the one
/// `scripts/install-places.sh` installs (`make test` puts it in `.build-places/`).
@Suite(.serialized, .tags(.endToEnd, .reference)) struct PlaceNameTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build-places/cities1000.csv")

    /// Fails the test, rather than skipping it, on a machine without the table.
    static func requireTable() throws {
        try #require(
            FileManager.default.fileExists(atPath: table.path),
            "make test installs the table (scripts/install-places.sh .build-places/cities1000.csv)")
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
        let (status, printed) = try ReferenceCommand.printed(
            "/bin/sh", ["-c", "python3 \"$0\" \"$1\" < \"$2\"", scriptFile.path, table.path, inputFile.path])
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
            GeoPosition(
                latitude: asin(Double.random(in: -1...1, using: &generator)) * 180 / .pi, longitude: Double.random(in: -180..<180, using: &generator))
        }
        positions += [
            GeoPosition(latitude: 34.6648, longitude: -86.4704), GeoPosition(latitude: 51.5334, longitude: -0.1255),
            GeoPosition(latitude: 35.0116, longitude: 135.7681), GeoPosition(latitude: -89.9, longitude: 10),
            GeoPosition(latitude: 0, longitude: 179.99)
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
        try FileManager.default.copyItem(
            at: RealCorpusTests.folder.appendingPathComponent("IMG_3582.mov"), to: media.appendingPathComponent("IMG_3582.mov"))
        let job = try RealCorpusTests.writeJob(
            "place", in: scratch, from: "2025-05-26", to: "2025-05-26", resolution: "320x180",
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
        let written = try RealCorpusTests.writeJob(
            "written", in: scratch, from: "2025-05-26", to: "2025-05-26", resolution: "320x180",
            days: "intro: { text: \"May in \(place["city"] ?? "")\" }\n"
                + "days: { 2025-05-26: { caption: \"\(place["city"] ?? "") · United States\" } }\n")
        let literal = try DVPipeProcess.run(["run", written.path, "--progress", "none"], environment: environment)
        #expect(literal.status == 0, "\(literal.standardError)")
        let out = scratch.url.appendingPathComponent("out")
        #expect(try Data(contentsOf: out.appendingPathComponent("place.mp4")) == Data(contentsOf: out.appendingPathComponent("written.mp4")))

        let without = try DVPipeProcess.run(
            ["plan", job.path, "--json"], environment: ["DVPIPE_PLACES": scratch.url.appendingPathComponent("none.csv").path])
        let bare = try #require(try JSONSerialization.jsonObject(with: Data(without.standardOutput.utf8)) as? [String: Any])
        #expect((bare["days"] as? [[String: Any]])?.first?["place"] is NSNull, "no table: no place name, and no error")
    }

    @Test(
        "positions made in each container's own form (an iPhone MOV, an Android MP4, a Live Photo's JPEG still, in all four hemispheres) are read as exiftool reads them and named as Python names them"
    )
    func eachContainersFormIsNamed() throws {
        try Self.requireTable()
        let exiftool = try #require(ReferenceCommand.exiftool, "make test installs exiftool (Debian's libimage-exiftool-perl)")
        let scratch = try TemporaryFolder("made-places")
        let media = try scratch.subfolder("media")
        let writer = try SampleWriter()
        let kyoto = try #require(GeoPosition(latitude: 35.0116, longitude: 135.7681))
        let lima = try #require(GeoPosition(latitude: -12.0464, longitude: -77.0428))
        let sydney = try #require(GeoPosition(latitude: -33.8688, longitude: 151.2093))
        let montreal = try #require(GeoPosition(latitude: 45.5019, longitude: -73.5674))
        let clip = { (name: String, day: Int, tags: SampleTags) in
            SampleClip(fileName: name, duration: 0.5, width: 64, height: 36, audio: .none, tags: tags, text: "\(day)")
        }
        let filmed = { (day: Int) in SampleTags.filmed(at: String(format: "2024-12-%02dT12:00:00+0000", day)) }
        var iphone = filmed(1), android = filmed(2)
        (iphone.make, iphone.position) = ("Apple", "+35.0116+135.7681+012.000/")
        android.position = "-12.0464-77.0428/"
        try writer.write(clip("IMG_0001.MOV", 1, iphone), in: media)
        try writer.write(clip("VID_20241202_120000.mp4", 2, android), in: media)
        // Live Photos whose movies say nothing of where: the stills' Exif GPS tells.
        for (number, day, position) in [(3, 3, sydney), (4, 4, montreal)] {
            try writer.write(clip(String(format: "IMG_%04d.MOV", number), day, filmed(day)), in: media)
            let still = try writer.write(SampleStill(fileName: String(format: "IMG_%04d.JPG", number), position: position), in: media)
            let printed = String(
                decoding: try ReferenceCommand.output(exiftool, ["-n", "-s3", "-GPSLatitude", "-GPSLongitude", still.path]), as: UTF8.self)
            let read = printed.split(separator: "\n").compactMap { Double($0) }
            #expect(
                read.count == 2 && abs(read[0] - position.latitude) < 1e-6 && abs(read[1] - position.longitude) < 1e-6, "exiftool says \(printed)")
        }
        let job = scratch.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-04 }
        output: { path: out/reel.mp4 }

        """.write(to: job, atomically: true, encoding: .utf8)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"], environment: ["DVPIPE_PLACES": Self.table.path])
        #expect(plan.status == 0, "\(plan.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let days = try #require(json["days"] as? [[String: Any]])
        #expect(days.map { $0["kind"] as? String } == ["video", "video", "live_photo", "live_photo"])
        let positions = days.map { day -> [Double] in
            let position = day["position"] as? [String: Double]
            return [position?["latitude"], position?["longitude"]].compactMap { $0 }
        }
        for (found, expected) in zip(positions, [kyoto, lima, sydney, montreal]) {
            #expect(found.count == 2 && abs(found[0] - expected.latitude) < 1e-6 && abs(found[1] - expected.longitude) < 1e-6, "\(found)")
        }
        let places = days.map { day -> String in
            let place = day["place"] as? [String: String] ?? [:]
            return "\(place["city"] ?? "")|\(place["region"] ?? "")|\(place["country_code"] ?? "")"
        }
        #expect(places == (try Self.pythonNearest([kyoto, lima, sydney, montreal])))
    }
}

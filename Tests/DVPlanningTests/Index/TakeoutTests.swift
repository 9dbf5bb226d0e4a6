import Foundation
import Testing

@testable import DVPlanning

/// Google Takeout's JSON beyond its time: the people and favourite a media file's JSON names, an album
/// folder's JSON and its title, and a file with an XMP sidecar and Takeout's JSON both.
struct TakeoutTests {
    static func annotations(_ text: String) -> Annotations? {
        Sidecar.takeoutAnnotations(json: Data(text.utf8))
    }

    @Test("people[].name become people without regions, each once and trimmed; favorited: true is a favourite")
    func peopleAndFavourite() {
        let found = Self.annotations(
            #"{"title": "IMG_1.jpg", "people": [{"name": "Emma"}, {"name": " Noah "}, {"name": "Emma"}, {"name": "田中 花子"}], "favorited": true}"#)
        #expect(found?.people == [NamedRegion(name: "Emma"), NamedRegion(name: "Noah"), NamedRegion(name: "田中 花子")])
        #expect(found?.isFavourite == true)
        #expect(found?.keywords == [] && found?.albums == [] && found?.rating == nil)
        #expect(Self.annotations(#"{"favorited": true}"#) == Annotations(isFavourite: true))
        #expect(Self.annotations(#"{"title": "x", "photoTakenTime": {"timestamp": "1"}, "favorited": false}"#) == nil, "names nothing")
    }

    @Test("JSON that is not JSON, not an object, or has values of the wrong type gives nothing for them and never traps")
    func badJSONAndWrongTypes() {
        for text in ["not JSON at all", "", "[1, 2]", "\"Emma\"", "{\"people\": ", "\u{FEFF}{", "{\"people\": [{\"name\": \"Emm"] {
            #expect(Self.annotations(text) == nil, "\(text)")
        }
        #expect(Self.annotations(#"{"people": "Emma", "favorited": "yes"}"#) == nil)
        #expect(Self.annotations(#"{"people": {"name": "Emma"}, "favorited": null}"#) == nil)
        // A bad person is skipped alone; the others count.
        let mixed = Self.annotations(
            #"{"people": [{"name": 7}, "Emma", null, {"nom": "Zoé"}, {"name": ""}, {"name": "Noah"}, [{"name": "Mia"}]], "favorited": 1.5}"#)
        #expect(mixed == Annotations(people: [NamedRegion(name: "Noah")]))
        #expect(Sidecar.takeoutCaptureTime(json: Data(#"{"photoTakenTime": "yesterday", "people": [{"name": "Noah"}]}"#.utf8)) == nil)
    }

    @Test("a JSON naming 20,000 people within the scanner's 1 MiB cap reads whole, and merges, in well under 2 seconds")
    func manyPeople() throws {
        let people = (0..<20_000).map { #"{"name": "Person \#($0)"}"# }.joined(separator: ",")
        let json = Data(#"{"people": [\#(people)], "favorited": true}"#.utf8)
        #expect(json.count < 1 << 20)
        let start = ContinuousClock.now
        let found = try #require(Sidecar.takeoutAnnotations(json: json))
        #expect(found.people.count == 20_000 && found.people.last?.name == "Person 19999" && found.isFavourite)
        let entry = MediaEntry(
            path: "/lib/a.jpg", relativePath: "a.jpg", size: 1, modificationTime: 0, probe: .unreadable(reason: "x"),
            sidecar: SidecarCapture(
                kind: .takeout, relativePath: "a.jpg.json", size: 1, modificationTime: 0, inode: 0, captureTime: nil, annotations: found))
        let merged = entry.annotations.merged(with: Annotations(people: [NamedRegion(name: "Person 7"), NamedRegion(name: "Emma")]))
        #expect(merged.people.count == 20_001 && merged.people.last?.name == "Emma")
        let elapsed = ContinuousClock.now - start
        #expect(elapsed < .seconds(2), "read and merged in \(elapsed)")
    }

    @Test("a file with an XMP sidecar and Takeout's JSON finds both, the XMP first; find keeps choosing the XMP")
    func bothSidecars() {
        let names = SidecarNames(["IMG_1.jpg.xmp", "IMG_1.jpg.supplemental-metadata.json", "IMG_2.json"])
        #expect(Sidecar.findAll(for: "IMG_1.jpg", among: names).map(\.name) == ["IMG_1.jpg.xmp", "IMG_1.jpg.supplemental-metadata.json"])
        #expect(Sidecar.findAll(for: "IMG_1.jpg", among: names).map(\.kind) == [.xmp, .takeout])
        #expect(Sidecar.find(for: "IMG_1.jpg", among: names)?.name == "IMG_1.jpg.xmp")
        #expect(Sidecar.findAll(for: "IMG_2.jpg", among: names).map(\.name) == ["IMG_2.json"])
        #expect(Sidecar.findAll(for: "IMG_3.jpg", among: names).isEmpty)

        // The entry's annotations: embedded first, then the XMP sidecar's, then Takeout's, then the album.
        let info = MediaInfo(
            container: "image2", duration: nil, video: nil, audio: nil, tags: CaptureTags(), isStill: true,
            annotations: Annotations(people: [NamedRegion(name: "Emma", area: RegionArea(x: 0.1, y: 0.1, width: 0.2, height: 0.2))]))
        let entry = MediaEntry(
            path: "/lib/IMG_1.jpg", relativePath: "IMG_1.jpg", size: 1, modificationTime: 0, probe: .media(info),
            sidecar: SidecarCapture(
                kind: .xmp, relativePath: "IMG_1.jpg.xmp", size: 1, modificationTime: 0, inode: 0, captureTime: "2024-12-01T10:00:00",
                annotations: Annotations(keywords: ["Beach"], rating: 4)),
            takeoutSidecar: SidecarCapture(
                kind: .takeout, relativePath: "IMG_1.jpg.supplemental-metadata.json", size: 1, modificationTime: 0, inode: 0,
                captureTime: "2024-12-02T10:00:00Z",
                annotations: Annotations(people: [NamedRegion(name: "Emma"), NamedRegion(name: "Noah")], isFavourite: true)),
            albums: ["Kyoto"])
        #expect(entry.annotations.people.map(\.name) == ["Emma", "Noah"])
        #expect(entry.annotations.people[0].area != nil, "Emma keeps the embedded region")
        #expect(entry.annotations.keywords == ["Beach"] && entry.annotations.rating == 4 && entry.annotations.isFavourite)
        #expect(entry.annotations.albums == ["Kyoto"])
        #expect(
            CaptureDay(of: entry, in: TimeZone(identifier: "UTC")!, order: [.sidecar]).localTime.date == CalendarDay("2024-12-01"),
            "the XMP's time counts, as before")
    }

    @Test("an album folder's JSON: Takeout's names in several languages first, then an unclaimed dotless JSON by its shape")
    func albumMetadataCandidates() {
        #expect(TakeoutAlbum.metadataCandidates(among: ["IMG_1.jpg.json", "metadata.json"], claimed: ["IMG_1.jpg.json"]) == ["metadata.json"])
        for localised in ["métadonnées.json", "Metadaten.json", "metadatos.json", "metadades.json", "me\u{301}tadonne\u{301}es.json"] {
            #expect(TakeoutAlbum.metadataCandidates(among: [localised, "IMG_1.jpg.json"], claimed: ["IMG_1.jpg.json"]) == [localised])
        }
        #expect(
            TakeoutAlbum.metadataCandidates(
                among: ["メタデータ.json", "IMG_1.json", "IMG_2.jpg.json", "print-subscriptions.json", "metadata.json"], claimed: ["IMG_1.json"])
                == ["metadata.json", "print-subscriptions.json", "メタデータ.json"])
        #expect(TakeoutAlbum.metadataCandidates(among: ["IMG_1.jpg.json", "x.xmp"], claimed: []).isEmpty, "a year folder has none")
    }

    @Test("an album's title: trimmed; missing or empty in a known name gives the folder's name; a media JSON or a shapeless JSON is no album")
    func albumTitles() {
        func title(_ text: String, _ name: String = "metadata.json") -> String? { TakeoutAlbum.title(json: Data(text.utf8), name: name) }
        #expect(title(#"{"title": " Trip to Kyoto ", "description": ""}"#) == "Trip to Kyoto")
        #expect(title(#"{"title": ""}"#) == "" && title(#"{"description": "x"}"#) == "" && title(#"{"title": 5}"#, "Metadaten.json") == "")
        #expect(title(#"{"title": "IMG_1.jpg", "photoTakenTime": {"timestamp": "1"}}"#) == nil)
        #expect(title("not JSON") == nil && title("[]") == nil)
        #expect(title(#"{"title": "Été"}"#, "メタデータ.json") == "Été")
        #expect(title(#"{"subscriptions": []}"#, "print-subscriptions.json") == nil)
        #expect(TakeoutAlbum.albums(title: "", folderName: "Kyoto 2024") == ["Kyoto 2024"])
        #expect(TakeoutAlbum.albums(title: "Trip", folderName: "Kyoto 2024") == ["Trip"])
    }
}

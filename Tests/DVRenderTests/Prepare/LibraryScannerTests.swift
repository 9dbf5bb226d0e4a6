import DVMedia
import DVPlanning
import DVRender
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// A library in a fresh temporary folder, removed when the test ends.
private final class TemporaryLibrary {
    private let folder: TemporaryFolder
    var base: URL { folder.url }
    var root: URL { base.appendingPathComponent("media") }
    var cache: URL { base.appendingPathComponent("cache/index.bin") }

    init() throws {
        folder = try TemporaryFolder("scan")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func write(_ relativePath: String, bytes: Int = 10, under folder: URL? = nil) throws {
        let url = (folder ?? root).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 7, count: bytes).write(to: url)
    }

    func link(_ relativePath: String, to target: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(relativePath).path, withDestinationPath: target)
    }
}

@Suite struct LibraryScannerTests {
    /// A fake prober that counts its calls and reports a 3-second movie (or a broken `.mp4` named `bad`).
    private func scan(
        _ library: TemporaryLibrary, excluding: @escaping (String) -> Bool = { _ in false },
        progress: (ScanProgress) -> Void = { _ in }
    ) throws -> (LibraryScan, probes: [String]) {
        var probes: [String] = []
        let scanner = LibraryScanner(roots: [library.root], cacheFile: library.cache)
        let result = try scanner.scan(
            isExcluded: excluding,
            probe: { location in
                let url = location.url
                probes.append(url.lastPathComponent)
                if url.lastPathComponent.hasPrefix("bad") { return .unreadable(reason: "moov atom not found") }
                return .media(
                    MediaInfo(
                        container: "mov", duration: 3, video: nil, audio: nil, tags: CaptureTags(), isStill: false))
            }, progress: progress)
        return (result, probes)
    }

    @Test func findsMediaFilesRecursivelyInPathOrder() throws {
        let library = try TemporaryLibrary()
        for name in [
            "b/IMG_0002.MOV", "a/IMG_0001.HEIC", "a/IMG_0001.MOV", "bad.mp4", "c/d/clip.webm", "notes.txt",
            ".thumbnails/x.mov", "Screen Recording 1.mov", "Skip/inside.mov"
        ] {
            try library.write(name)
        }
        var steps: [ScanProgress] = []
        let (result, probes) = try scan(
            library, excluding: { $0.hasPrefix("Screen Recording") || $0 == "Skip" }, progress: { steps.append($0) })
        let paths = result.entries.map(\.relativePath)
        #expect(paths == ["a/IMG_0001.HEIC", "a/IMG_0001.MOV", "b/IMG_0002.MOV", "bad.mp4", "c/d/clip.webm"])
        #expect(probes.count == 5)
        #expect(result.probedCount == 5 && result.reusedCount == 0)
        #expect(result.entries[3].probe == .unreadable(reason: "moov atom not found"))
        #expect(result.entries.allSatisfy { $0.path.hasSuffix("/media/" + $0.relativePath) && $0.size == 10 })
        #expect(steps.map(\.probed) == [0, 1, 2, 3, 4])
        #expect(steps.allSatisfy { $0.toProbe == 5 && $0.found == 5 })
    }

    @Test func unchangedLibraryIsRescannedWithStatsOnly() throws {
        let library = try TemporaryLibrary()
        try library.write("a.mov")
        try library.write("b.mp4")
        try library.write("bad.mp4")
        let (first, _) = try scan(library)
        #expect(FileManager.default.fileExists(atPath: library.cache.path))
        let (second, probes) = try scan(library)
        #expect(probes.isEmpty)
        #expect(second.entries == first.entries)
        #expect(second.reusedCount == 3)

        try library.write("b.mp4", bytes: 20)
        try library.write("c.mov")
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("a.mov"))
        let (third, changed) = try scan(library)
        #expect(changed.sorted() == ["b.mp4", "c.mov"])
        #expect(third.entries.map(\.relativePath) == ["b.mp4", "bad.mp4", "c.mov"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: library.cache.deletingLastPathComponent().path)
        #expect(leftovers == ["index.bin"])
    }

    @Test func corruptCacheIsRebuilt() throws {
        let library = try TemporaryLibrary()
        try library.write("a.mov")
        try FileManager.default.createDirectory(
            at: library.cache.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: library.cache)
        let (_, probes) = try scan(library)
        #expect(probes == ["a.mov"])
        #expect(try scan(library).probes.isEmpty)
    }

    @Test func theCachedIndexKeepsEveryProbedFieldAndATruncatedOneIsRebuilt() throws {
        let library = try TemporaryLibrary()
        try library.write("IMG_0001.MOV")
        try library.write("VID_20241205_181500.mp4")
        try library.write("broken.mp4")
        let rich = MediaInfo(
            container: "mov,mp4,m4a,3gp,3g2,mj2", duration: 2.533,
            video: VideoStreamInfo(
                codec: "hevc", width: 1920, height: 1080, frameRate: 29.97, rotation: 90, pixelFormat: "yuv420p10le",
                isVariableFrameRate: true),
            audio: AudioStreamInfo(codec: "aac", sampleRate: 44_100, channels: 6, layout: "5.1"),
            tags: CaptureTags(
                localCreationDate: "2024-12-03T23:40:00-0800", creationTime: "2024-12-04T07:40:00.000000Z",
                contentIdentifier: "D3A0C1E2-ÅÉ-✓"),
            isStill: false)
        let bare = MediaInfo(container: "mp4", duration: nil, video: nil, audio: nil, tags: CaptureTags(), isStill: true)
        var probes = 0
        let probe = { (location: MediaLocation) -> ProbeResult in
            probes += 1
            switch location.url.lastPathComponent {
            case "IMG_0001.MOV": return .media(rich)
            case "broken.mp4": return .unreadable(reason: "broken.mp4: moov atom not found")
            default: return .media(bare)
            }
        }
        let scanner = LibraryScanner(roots: [library.root], cacheFile: library.cache)
        let first = try scanner.scan(isExcluded: { _ in false }, probe: probe)
        let second = try scanner.scan(isExcluded: { _ in false }, probe: probe)
        #expect(probes == 3)
        #expect(second.entries == first.entries)
        #expect(second.entries[0].probe == .media(rich))

        let bytes = try Data(contentsOf: library.cache)
        try bytes.prefix(bytes.count - 5).write(to: library.cache)
        let rebuilt = try scanner.scan(isExcluded: { _ in false }, probe: probe)
        #expect(probes == 6)
        #expect(rebuilt.entries == first.entries)
    }

    @Test func followsLinksOnlyInsideTheLibraryAndNeverTwice() throws {
        let library = try TemporaryLibrary()
        let outside = library.base.appendingPathComponent("outside")
        try library.write("secret.mov", under: outside)
        try library.write("real/clip.mov")
        try library.link("alias.mov", to: library.root.appendingPathComponent("real/clip.mov").path)
        try library.link("elsewhere", to: outside.path)
        try library.link("outside.mov", to: outside.appendingPathComponent("secret.mov").path)
        try library.link("real/loop", to: library.root.path)
        try library.write(".hidden/only-by-link.mov")
        try library.link("shortcut", to: library.root.appendingPathComponent(".hidden").path)
        let (result, _) = try scan(library)
        #expect(result.entries.map(\.relativePath) == ["real/clip.mov", "shortcut/only-by-link.mov"])
    }

    @Test func missingRootIsAnError() throws {
        let scanner = LibraryScanner(roots: [URL(fileURLWithPath: "/nonexistent/dvpipe")], cacheFile: nil)
        #expect(throws: LibraryScanError.rootNotFound(path: "/nonexistent/dvpipe")) {
            try scanner.scan(isExcluded: { _ in false }, probe: { _ in .unreadable(reason: "") })
        }
    }

    @Test("the index names files inside their library folder: a library moved elsewhere (same files) is not probed again")
    func movedLibraryKeepsItsIndex() throws {
        let library = try TemporaryLibrary()
        for name in ["a/IMG_0001.MOV", "b/IMG_0002.MOV"] {
            try library.write(name)
        }
        let (first, _) = try scan(library)
        #expect(first.probedCount == 2)
        let moved = library.base.appendingPathComponent("elsewhere/media")
        try FileManager.default.createDirectory(at: moved.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: library.root, to: moved)
        let scanner = LibraryScanner(roots: [moved], cacheFile: library.cache)
        var probes = 0
        let again = try scanner.scan(
            isExcluded: { _ in false },
            probe: { _ in
                probes += 1
                return .unreadable(reason: "probed")
            })
        #expect(probes == 0 && again.reusedCount == 2)
        #expect(again.entries.map(\.path) == ["a/IMG_0001.MOV", "b/IMG_0002.MOV"].map { moved.resolvingSymlinksInPath().path + "/" + $0 })
        let index = try Data(contentsOf: library.cache)
        #expect(index.range(of: Data(library.base.path.utf8)) == nil, "no absolute path in the index")
    }

    @Test("sidecars pair with their files, are never entries, and a changed sidecar is read again without a probe")
    func sidecarsPairAndFollowTheirChanges() throws {
        let library = try TemporaryLibrary()
        for name in ["t/clip.mp4", "t/clip(1).mp4", "t/other.mp4", "x/DSC_0001.MOV"] {
            try library.write(name)
        }
        func sidecar(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: library.root.appendingPathComponent(name))
        }
        try sidecar("t/clip.mp4.supplemental-metadata.json", #"{"photoTakenTime": {"timestamp": "1733050800"}}"#)
        try sidecar("t/clip.mp4(1).json", #"{"photoTakenTime": {"timestamp": "1733137200"}}"#)
        try sidecar("t/unrelated.json", "not JSON at all")
        try sidecar("x/DSC_0001.MOV.xmp", #"<x exif:DateTimeOriginal="2024-12-03T23:40:00+01:00"/>"#)

        let (first, probes) = try scan(library)
        #expect(probes.count == 4, "sidecars are not probed: \(probes)")
        #expect(first.entries.map(\.relativePath) == ["t/clip(1).mp4", "t/clip.mp4", "t/other.mp4", "x/DSC_0001.MOV"])
        #expect(first.entries.map { $0.sidecar?.captureTime } == ["2024-12-02T11:00:00Z", "2024-12-01T11:00:00Z", nil, "2024-12-03T23:40:00+01:00"])
        #expect(first.entries[3].sidecar?.kind == .xmp && first.entries[1].sidecar?.relativePath == "t/clip.mp4.supplemental-metadata.json")

        try sidecar("t/clip.mp4.supplemental-metadata.json", #"{"photoTakenTime": {"timestamp": "1733310000"}}"#)
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("x/DSC_0001.MOV.xmp"))
        let (second, reprobed) = try scan(library)
        #expect(reprobed.isEmpty && second.reusedCount == 4)
        #expect(second.entries.map { $0.sidecar?.captureTime } == ["2024-12-02T11:00:00Z", "2024-12-04T11:00:00Z", nil, nil])
        let (third, _) = try scan(library)
        #expect(third.entries == second.entries, "the index kept what the second scan read")
    }

    @Test("a Takeout JSON that is not JSON and an XMP sidecar without a packet are named: kept as problems in the index and warned of by the plan")
    func brokenSidecarsAreNamed() throws {
        let library = try TemporaryLibrary()
        for name in ["t/VID_20241203_101010.mp4", "x/VID_20241204_101010.mp4", "y/VID_20241205_101010.mp4"] { try library.write(name) }
        try Data("not JSON at all {".utf8).write(to: library.root.appendingPathComponent("t/VID_20241203_101010.mp4.json"))
        try Data("garbage, no packet".utf8).write(to: library.root.appendingPathComponent("x/VID_20241204_101010.mp4.xmp"))
        try Data(#"{"photoTakenTime": {"timestamp": "0"}}"#.utf8).write(to: library.root.appendingPathComponent("y/VID_20241205_101010.mp4.json"))
        let (scan, _) = try scan(library)
        #expect(scan.entries.map { $0.sidecar?.problem } == ["is not JSON", "holds no XMP packet", nil], "JSON without a time is no problem")
        let days = ["2024-12-03", "2024-12-04", "2024-12-05"].compactMap(CalendarDay.init)
        // The scan's prober says only "a 3-second movie"; the planner wants a picture to show.
        let index = scan.entries.map { entry in
            var entry = entry
            if case .media(var info) = entry.probe {
                info.video = VideoStreamInfo(
                    codec: "h264", width: 160, height: 90, frameRate: 30, rotation: 0, pixelFormat: "yuv420p", isVariableFrameRate: false)
                entry.probe = .media(info)
            }
            return entry
        }
        let plan = Planner.plan(index: index, rules: PlanningRules(days: days, timeZoneIdentifier: "UTC", libraryRoots: [library.root.path]))
        let warned = plan.warnings.filter { $0.code == .unreadableSidecar }
        #expect(warned.map(\.file) == ["t/VID_20241203_101010.mp4.json", "x/VID_20241204_101010.mp4.xmp"])
        #expect(
            warned.first?.description
                == "2024-12-03: the sidecar t/VID_20241203_101010.mp4.json is not JSON; t/VID_20241203_101010.mp4 is planned without it")
        let outside = Planner.plan(
            index: scan.entries, rules: PlanningRules(days: [days[2]], timeZoneIdentifier: "UTC", libraryRoots: [library.root.path]))
        #expect(!outside.warnings.contains { $0.code == .unreadableSidecar }, "files outside the timeframe are not warned of")
    }

    @Test("Takeout's people and favourite, an XMP sidecar beside Takeout's JSON, and album folders are read, kept, and read again when changed")
    func takeoutAnnotationsAndAlbumsFollowTheirChanges() throws {
        let library = try TemporaryLibrary()
        for name in ["Photos from 2024/clip.mp4", "Trip to Kyoto/clip.mp4", "Voyage/clip.mp4", "Voyage/IMG_2.mp4", "Leer/x.mp4", "Year/y.mp4"] {
            try library.write(name)
        }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: library.root.appendingPathComponent(name))
        }
        let clipJSON = #"{"title": "clip.mp4", "photoTakenTime": {"timestamp": "1733050800"}, "people": [{"name": "Emma"}], "favorited": true}"#
        try write("Photos from 2024/clip.mp4.supplemental-metadata.json", clipJSON)
        try write("Photos from 2024/clip.mp4.xmp", #"<x exif:DateTimeOriginal="2024-12-03T23:40:00+01:00"/>"#)
        // The same file copied into two album folders, as Takeout does, with its JSON in each.
        try write("Trip to Kyoto/clip.mp4.supplemental-metadata.json", clipJSON)
        try write("Trip to Kyoto/metadata.json", #"{"title": "Kyoto 2024", "description": ""}"#)
        try write("Voyage/clip.mp4.json", clipJSON)
        try write("Voyage/métadonnées.json", #"{"title": "Voyage en famille"}"#)
        try write("Leer/Metadaten.json", #"{"title": ""}"#)
        // A year folder's stray JSON is no album: it has no title.
        try write("Year/print-subscriptions.json", #"{"subscriptions": []}"#)

        let (first, _) = try scan(library)
        let byPath = Dictionary(uniqueKeysWithValues: first.entries.map { ($0.relativePath, $0) })
        let year = try #require(byPath["Photos from 2024/clip.mp4"])
        #expect(year.sidecar?.kind == .xmp && year.sidecar?.captureTime == "2024-12-03T23:40:00+01:00", "the XMP's time still counts")
        #expect(year.takeoutSidecar?.relativePath == "Photos from 2024/clip.mp4.supplemental-metadata.json")
        #expect(year.annotations == Annotations(people: [NamedRegion(name: "Emma")], isFavourite: true))
        #expect(year.albums == nil && year.albumFolder == nil)
        #expect(byPath["Trip to Kyoto/clip.mp4"]?.annotations.albums == ["Kyoto 2024"])
        #expect(byPath["Trip to Kyoto/clip.mp4"]?.sidecar?.annotations?.people == [NamedRegion(name: "Emma")])
        #expect(byPath["Voyage/clip.mp4"]?.albums == ["Voyage en famille"] && byPath["Voyage/IMG_2.mp4"]?.albums == ["Voyage en famille"])
        #expect(byPath["Voyage/IMG_2.mp4"]?.albumFolder?.relativePath == "Voyage/métadonnées.json")
        #expect(byPath["Leer/x.mp4"]?.albums == ["Leer"], "an empty title gives the folder's name")
        #expect(byPath["Year/y.mp4"]?.albums == nil)

        // Edit the album's title and the Takeout JSON; remove the XMP: no probe, each read again.
        try write("Voyage/métadonnées.json", #"{"title": "Famille"}"#)
        try write("Photos from 2024/clip.mp4.supplemental-metadata.json", #"{"people": [{"name": "Noah"}]}"#)
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("Photos from 2024/clip.mp4.xmp"))
        try FileManager.default.removeItem(at: library.root.appendingPathComponent("Trip to Kyoto/metadata.json"))
        let (second, reprobed) = try scan(library)
        #expect(reprobed.isEmpty)
        let again = Dictionary(uniqueKeysWithValues: second.entries.map { ($0.relativePath, $0) })
        #expect(again["Photos from 2024/clip.mp4"]?.sidecar?.kind == .takeout && again["Photos from 2024/clip.mp4"]?.takeoutSidecar == nil)
        #expect(again["Photos from 2024/clip.mp4"]?.annotations.people == [NamedRegion(name: "Noah")])
        #expect(again["Voyage/clip.mp4"]?.albums == ["Famille"] && again["Voyage/IMG_2.mp4"]?.albums == ["Famille"])
        #expect(again["Trip to Kyoto/clip.mp4"]?.albums == nil)
        let (third, _) = try scan(library)
        #expect(third.entries == second.entries, "the index kept what the second scan read")
    }
}

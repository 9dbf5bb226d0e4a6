import Foundation
import Testing

@testable import DVPlanning

@Suite struct MediaCatalogTests {
    private func catalog(_ index: [MediaEntry]) -> MediaCatalog {
        MediaCatalog(index: index, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func pairsLivePhotosByBaseNameInTheSameFolder() {
        let result = catalog([
            Fixtures.movie("a/IMG_0002.MOV", duration: 3), Fixtures.still("a/img_0002.heic"),
            Fixtures.movie("a/IMG_0003.MOV", duration: 3), Fixtures.still("b/IMG_0003.JPG"),
            Fixtures.movie("a/IMG_0004.mov", duration: 3), Fixtures.still("a/IMG_0004.JPEG"),
            Fixtures.movie("a/IMG_0005.MOV", duration: 3), Fixtures.still("a/IMG_0005.PNG")
        ])
        let kinds = Dictionary(uniqueKeysWithValues: result.clips.map { ($0.entry.relativePath, $0.kind) })
        #expect(kinds["a/IMG_0002.MOV"] == .livePhoto)
        #expect(kinds["a/IMG_0003.MOV"] == .video)
        #expect(kinds["a/IMG_0004.mov"] == .livePhoto)
        #expect(kinds["a/IMG_0005.MOV"] == .video)
        #expect(result.clips.first?.stillPath == "/lib/a/img_0002.heic")
        #expect(result.pairedStills.map(\.relativePath) == ["a/img_0002.heic", "a/IMG_0004.JPEG"])
        #expect(result.stills.map(\.relativePath) == ["b/IMG_0003.JPG", "a/IMG_0005.PNG"])
    }

    @Test func pairsLivePhotosByContentIdentifierAcrossNames() {
        let result = catalog([
            Fixtures.movie("export/clip.mov", contentID: "ABC-1", duration: 2.5),
            Fixtures.still("photos/photo.heic", contentID: "ABC-1"),
            Fixtures.movie("export/other.mov", contentID: "XYZ-9")
        ])
        #expect(result.clips.map(\.kind) == [.livePhoto, .video])
        #expect(result.clips[0].stillPath == "/lib/photos/photo.heic")
        #expect(result.stills.isEmpty)
    }

    @Test func stillsAloneArePhotosAndBrokenFilesAreUnusable() {
        let result = catalog([
            Fixtures.still("IMG_0001.JPG"), Fixtures.broken("bad.mp4"),
            Fixtures.movie("audio.m4v", hasVideo: false), Fixtures.movie("nolength.mp4", duration: nil)
        ])
        #expect(result.clips.map(\.kind) == [.photo])
        #expect(result.stills.count == 1)
        #expect(
            result.unusable.map(\.reason) == [
                "Invalid data found when processing input", "no video stream", "unknown duration"
            ])
    }

    /// `entry` with `annotations` as its embedded XMP's.
    private func annotated(_ entry: MediaEntry, _ annotations: Annotations) -> MediaEntry {
        var annotated = entry
        if case .media(var info) = entry.probe {
            info.annotations = annotations
            annotated.probe = .media(info)
        }
        return annotated
    }

    @Test("a Live Photo's still lends its people, keywords, rating and favourite to its movie; the movie's own come first")
    func livePhotoStillLendsItsAnnotations() {
        let region = RegionArea(x: 0.2, y: 0.2, width: 0.3, height: 0.3)
        let result = catalog([
            annotated(Fixtures.movie("a/IMG_0002.MOV", duration: 3), Annotations(people: [NamedRegion(name: "Noah")], rating: 2)),
            annotated(
                Fixtures.still("a/IMG_0002.HEIC"),
                Annotations(people: [NamedRegion(name: "Emma", area: region), NamedRegion(name: "Noah")], keywords: ["Beach"], rating: 5)),
            annotated(Fixtures.movie("export/clip.mov", contentID: "ABC-1", duration: 2), Annotations()),
            annotated(Fixtures.still("photos/photo.heic", contentID: "ABC-1"), Annotations(isFavourite: true)),
            annotated(Fixtures.movie("b/alone.mp4", duration: 3), Annotations(keywords: ["Trip"])),
            annotated(Fixtures.still("b/picture.jpg"), Annotations(people: [NamedRegion(name: "Mia")]))
        ])
        let byPath = Dictionary(uniqueKeysWithValues: result.clips.map { ($0.entry.relativePath, result.annotations(of: $0)) })
        let live = byPath["a/IMG_0002.MOV"]
        #expect(live?.people == [NamedRegion(name: "Noah"), NamedRegion(name: "Emma", area: region)])
        #expect(live?.keywords == ["Beach"] && live?.rating == 2, "the movie's own rating comes first")
        #expect(byPath["export/clip.mov"] == Annotations(isFavourite: true), "paired by content identifier")
        #expect(byPath["b/alone.mp4"] == Annotations(keywords: ["Trip"]))
        #expect(byPath["b/picture.jpg"] == Annotations(people: [NamedRegion(name: "Mia")]))
    }

    @Test("a Motion Photo's movie has its still's annotations: the still is its own file")
    func motionPhotoMovieHasItsStillsAnnotations() {
        var motion = Fixtures.movie("PXL_0001.MP.jpg", duration: 2)
        if case .media(var info) = motion.probe {
            info.embeddedMovie = EmbeddedMovie(layout: "motion_photo", offset: 100, length: 1000, stillTime: nil)
            info.annotations = Annotations(people: [NamedRegion(name: "Emma")])
            motion.probe = .media(info)
        }
        motion.sidecar = SidecarCapture(
            kind: .takeout, relativePath: "PXL_0001.MP.jpg.json", size: 1, modificationTime: 0, inode: 0, captureTime: nil,
            annotations: Annotations(people: [NamedRegion(name: "Noah")], isFavourite: true))
        let result = catalog([motion])
        #expect(result.clips.map(\.kind) == [.livePhoto] && result.clips.first?.stillPath == motion.path)
        #expect(
            result.clips.first.map(result.annotations(of:))
                == Annotations(people: [NamedRegion(name: "Emma"), NamedRegion(name: "Noah")], isFavourite: true))
    }
}

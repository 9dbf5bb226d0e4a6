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
}

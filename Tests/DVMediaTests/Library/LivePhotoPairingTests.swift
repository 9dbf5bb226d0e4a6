import DVMedia
import DVPlanning
import Foundation
import Testing

/// Live Photos found on real files: a movie pairs with a JPEG by the Apple content identifier whatever their names.
@Suite struct LivePhotoPairingTests {
    init() { MediaLog.silence() }

    static let identifier = "0C5E7A11-2B3D-4E5F-8A9B-ABCDEF012345"

    private func catalog(of folder: URL) throws -> MediaCatalog {
        let scan = try LibraryScanner(roots: [folder], cacheFile: nil).scan(isExcluded: { _ in false }, probe: MediaProbe.probe)
        return MediaCatalog(index: scan.entries, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func movieAndStillPairByIdentifierUnderDifferentNames() throws {
        let folder = try TemporaryFolder()
        let writer = try SampleWriter()
        try writer.write(SampleStill(fileName: "IMG_0100.JPG", width: 64, height: 48, contentIdentifier: Self.identifier), in: folder.url)
        let tags = SampleTags.filmed(at: "2024-12-05T10:00:00-0800", contentIdentifier: Self.identifier)
        try writer.write(SampleClip(fileName: "export-7.MOV", duration: 0.5, width: 64, height: 48, audio: .none, tags: tags), in: folder.url)
        try writer.write(SampleStill(fileName: "IMG_0200.JPG", width: 64, height: 48, contentIdentifier: "another-id"), in: folder.url)
        try writer.write(SampleClip(fileName: "IMG_0300.MOV", duration: 0.5, width: 64, height: 48, audio: .none), in: folder.url)

        guard case let .media(still) = MediaProbe.probe(folder.url.appendingPathComponent("IMG_0100.JPG")) else {
            Issue.record("the JPEG did not probe")
            return
        }
        #expect(still.isStill)
        #expect(still.tags.contentIdentifier == Self.identifier)

        let catalog = try catalog(of: folder.url)
        let kinds = Dictionary(uniqueKeysWithValues: catalog.clips.map { ($0.entry.relativePath, $0.kind) })
        #expect(kinds == ["export-7.MOV": .livePhoto, "IMG_0300.MOV": .video])
        #expect(catalog.clips.first { $0.kind == .livePhoto }?.stillPath?.hasSuffix("/IMG_0100.JPG") == true)
        #expect(catalog.pairedStills.map(\.relativePath) == ["IMG_0100.JPG"])
        #expect(catalog.stills.map(\.relativePath) == ["IMG_0200.JPG"])
        #expect(catalog.unusable.isEmpty)
    }
}

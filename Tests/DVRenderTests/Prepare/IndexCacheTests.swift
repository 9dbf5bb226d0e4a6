import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The index cache's encoding, field by field: every field of an entry holds a value no other field of its
/// type holds, so a reader that took two fields in each other's place would not give the entry back.
@Suite struct IndexCacheTests {
    static let roots = ["/library/a", "/library/b"]

    /// A probed entry in the second library folder, with a sidecar, every optional present.
    static let probed = MediaEntry(
        path: "/library/b/2024/IMG_0001.MOV", relativePath: "2024/IMG_0001.MOV", size: 98_765, modificationTime: 1_733_000_000.25,
        inode: 88,
        probe: .media(
            MediaInfo(
                container: "mov,mp4,m4a,3gp,3g2,mj2", duration: 2.533,
                video: VideoStreamInfo(
                    codec: "hevc", width: 1922, height: 1082, frameRate: 29.97, rotation: 270, pixelFormat: "yuv420p10le",
                    isVariableFrameRate: true,
                    colour: StreamColour(
                        primaries: "bt2020", transfer: "arib-std-b67", matrix: "bt2020nc", range: "tv", assumed: ["range", "matrix"])),
                audio: AudioStreamInfo(
                    codec: "aac", sampleRate: 44_100, channels: 6, layout: "5.1",
                    choice: AudioTrackChoice(track: 2, tracks: 3, reason: .default)),
                tags: CaptureTags(
                    localCreationDate: "2024-12-03T23:40:00-0800", creationTime: "2024-12-04T07:40:00.000000Z",
                    contentIdentifier: "D3A0C1E2-ÅÉ-✓", make: "Apple", model: "iPhone 15 Pro"),
                isStill: false,
                embeddedMovie: EmbeddedMovie(layout: "mpvd", offset: 12_345, length: 6_789, stillTime: TimeSpan(milliseconds: 1_083)))),
        sidecar: SidecarCapture(
            kind: .xmp, relativePath: "2024/IMG_0001.MOV.xmp", size: 4_321, modificationTime: 1_733_000_001.5, inode: 77,
            captureTime: "2024-12-03T23:41:00-08:00",
            annotations: Annotations(
                people: [NamedRegion(name: "Emma", area: RegionArea(x: 0.25, y: 0.125, width: 0.5, height: 0.375))], keywords: ["Beach"],
                rating: 4, label: "Red")),
        takeoutSidecar: SidecarCapture(
            kind: .takeout, relativePath: "2024/IMG_0001.MOV.supplemental-metadata.json", size: 654, modificationTime: 1_733_000_002.5,
            inode: 76, captureTime: "2024-12-04T07:42:00Z", annotations: Annotations(people: [NamedRegion(name: "Noah")], isFavourite: true)),
        albums: ["Kyoto 2024"],
        albumFolder: SidecarCapture(
            kind: .takeoutAlbum, relativePath: "2024/metadata.json", size: 32, modificationTime: 1_733_000_003.5, inode: 75, captureTime: nil,
            annotations: Annotations(albums: ["Kyoto 2024"])))

    /// A probed still in the first library folder whose every optional is absent, the embedded movie's
    /// still time among them.
    static let bare = MediaEntry(
        path: "/library/a/PXL_0002.MP.jpg", relativePath: "PXL_0002.MP.jpg", size: 3_210, modificationTime: 1_710_000_000.5,
        inode: 66,
        probe: .media(
            MediaInfo(
                container: "image2", duration: nil, video: nil, audio: nil,
                tags: CaptureTags(localCreationDate: nil, creationTime: nil, contentIdentifier: nil), isStill: true,
                embeddedMovie: EmbeddedMovie(layout: "motion_photo", offset: 2_048, length: 1_024, stillTime: nil))),
        sidecar: nil)

    /// An unreadable entry in the first library folder, without a sidecar.
    static let unreadable = MediaEntry(
        path: "/library/a/broken.mp4", relativePath: "broken.mp4", size: 55, modificationTime: 1_700_000_000.75, inode: 99,
        probe: .unreadable(reason: "broken.mp4: moov atom not found"), sidecar: nil)

    @Test("version 16: an index of version 15, written before annotations and album folders, is not read")
    func anIndexOfTheVersionBeforeIsRebuilt() throws {
        #expect(IndexCache.version == 16)
        let folder = try TemporaryFolder("index-cache-version")
        let file = folder.url.appendingPathComponent("index.bin")
        try IndexCache.save([Self.probed], roots: Self.roots, to: file)
        var bytes = try Data(contentsOf: file)
        bytes[Array("DVPIPE-INDEX".utf8).count] = 15
        try bytes.write(to: file)
        #expect(IndexCache.load(from: file, roots: Self.roots).isEmpty)
    }

    @Test("every field of a probed, a bare and an unreadable entry comes back as it was written")
    func everyFieldRoundTrips() throws {
        let folder = try TemporaryFolder("index-cache")
        let file = folder.url.appendingPathComponent("index.bin")
        try IndexCache.save([Self.probed, Self.bare, Self.unreadable], roots: Self.roots, to: file)
        let loaded = IndexCache.load(from: file, roots: Self.roots)
        #expect(loaded == [Self.probed, Self.bare, Self.unreadable])
        #expect(IndexCache.load(from: file, roots: ["/library/a"]).isEmpty, "an index made for more library folders is not read")
    }
}

/// The encoding's own rules, on values the index does not hold today.
@Suite struct IndexCodingTests {
    /// An enum without values, sequences, optionals and numbers of other widths, as a type declares them.
    struct Sample: Codable, Equatable {
        enum Mode: Codable, Equatable {
            case quiet
            case loud(level: Int)
        }
        var modes: [Mode]
        var names: [String]
        var nested: [[Double]]
        var maybe: Int?
        var narrow: Int32?
        var byte: UInt8
        var single: Float?
        var short: [Int16]
    }

    @Test func enumsSequencesAndOptionalsRoundTrip() throws {
        for sample in [
            Sample(
                modes: [.loud(level: 3), .quiet, .loud(level: -1)], names: ["a", "", "ç"], nested: [[1.5], [], [-0.0, 2]], maybe: 7,
                narrow: -70_000, byte: 255, single: 0.25, short: [-3, 32_767]),
            Sample(modes: [], names: [], nested: [], maybe: nil, narrow: nil, byte: 0, single: nil, short: [])
        ] {
            let bytes = try IndexCoding.encode(sample, after: [9])
            let decoded = try bytes.withUnsafeBytes { try IndexCoding.decode(Sample.self, from: $0, at: 1) }
            #expect(decoded == sample)
        }
    }

    @Test func aTruncatedOrLongerBufferIsMalformed() throws {
        let bytes = try IndexCoding.encode(IndexCacheTests.probed, after: [])
        for damaged in [Array(bytes.dropLast()), bytes + [0]] {
            #expect(throws: IndexCoding.Malformed.self) {
                try damaged.withUnsafeBytes { try IndexCoding.decode(MediaEntry.self, from: $0, at: 0) }
            }
        }
    }

    @Test func aNilOutsideAFieldAndADictionaryAreRefused() {
        #expect(throws: EncodingError.self) { try IndexCoding.encode([1, nil] as [Int?], after: []) }
        #expect(throws: EncodingError.self) { try IndexCoding.encode(["key": 1], after: []) }
    }
}

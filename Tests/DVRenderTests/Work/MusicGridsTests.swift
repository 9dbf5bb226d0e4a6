import DVMedia
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The cache of beat grids: by the music's content, in the work folder and the shared cache, versioned by
/// the tracker, over real AAC click tracks.
@Suite("music grids")
struct MusicGridsTests {
    /// Writes an AAC click track of `seconds` at `tempo` beats per minute (a 5 ms burst on each beat) to `name`.
    static func clickTrack(_ name: String, tempo: Double, seconds: Double = 8, in folder: URL) throws -> String {
        let count = StereoSamples.sampleCount(seconds: seconds)
        var samples = [Float](repeating: 0, count: count)
        let period = 60 / tempo
        var beat = 0.25
        while beat < seconds {
            let first = StereoSamples.sampleCount(seconds: beat)
            for index in first..<min(count, first + 240) {
                samples[index] = Float(0.8 * sin(2 * Double.pi * 2_000 * Double(index - first) / 48_000))
            }
            beat += period
        }
        let file = folder.appendingPathComponent(name)
        try AudioTrackWriter.write(StereoSamples(left: samples, right: samples), to: file, bitrate: 128_000)
        return file.path
    }

    /// The kept file of the grid of content digest `identity` in `work`.
    static func keptFile(_ identity: String, in work: WorkFolder) -> URL {
        work.beatGridsFolder.appendingPathComponent("\(identity).json")
    }

    @Test("a grid is kept by the music's content: read again from its file, found for a renamed copy, another one for changed music")
    func keptByContent() throws {
        let scratch = try TemporaryFolder()
        let music = try Self.clickTrack("song.m4a", tempo: 120, in: scratch.url)
        let digests = ContentDigests(file: nil)
        let grids = MusicGrids(work: scratch.work)
        let grid = try grids.grid(of: music, digests: digests)
        #expect(abs((grid.tempo ?? 0) - 120) < 2)
        let identity = try #require(digests.digests(of: [music])[music])
        let file = Self.keptFile(identity, in: scratch.work)
        #expect(FileManager.default.fileExists(atPath: file.path))

        // A kept grid that no tracker would find proves the next calls read the file rather than track.
        var marked = grid
        marked.tempo = 77
        try JSONCoding.encoder.encode(MusicGrids.Record(tracker: BeatTracker.version, identity: identity, grid: marked)).write(to: file)
        #expect(try grids.grid(of: music, digests: digests) == marked)
        let moved = try scratch.subfolder("elsewhere").appendingPathComponent("renamed.m4a")
        try FileManager.default.copyItem(atPath: music, toPath: moved.path)
        #expect(try grids.grid(of: moved.path, digests: digests) == marked, "the same bytes at another path")

        let other = try Self.clickTrack("other.m4a", tempo: 100, in: scratch.url)
        let otherGrid = try grids.grid(of: other, digests: digests)
        #expect(abs((otherGrid.tempo ?? 0) - 100) < 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.work.beatGridsFolder.path).count == 2)
    }

    @Test("a damaged kept grid, one of another tracker version or one under another digest's name is tracked again and replaced")
    func unusableGridsAreTrackedAgain() throws {
        let scratch = try TemporaryFolder()
        let music = try Self.clickTrack("song.m4a", tempo: 120, in: scratch.url)
        let digests = ContentDigests(file: nil)
        let identity = try #require(digests.digests(of: [music])[music])
        let grid = try MusicGrids(work: scratch.work).grid(of: music, digests: digests)
        let file = Self.keptFile(identity, in: scratch.work)
        var marked = grid
        marked.tempo = 77
        let unusable = [
            Data("{\"version\": 1, \"tracker\": ".utf8),
            try JSONCoding.encoder.encode(MusicGrids.Record(tracker: BeatTracker.version + 1, identity: identity, grid: marked)),
            try JSONCoding.encoder.encode(MusicGrids.Record(tracker: BeatTracker.version, identity: "another", grid: marked))
        ]
        for body in unusable {
            try body.write(to: file)
            #expect(MusicGrids(work: scratch.work).kept(identity: identity) == nil)
            #expect(try MusicGrids(work: scratch.work).grid(of: music, digests: digests) == grid)
            #expect(MusicGrids(work: scratch.work).kept(identity: identity) == grid, "the file holds the grid tracked again")
        }
    }

    @Test("a grid tracked by one job is found by another through the shared cache, and copied into its work folder; a read-only cache gets none")
    func sharedThroughTheCache() throws {
        let scratch = try TemporaryFolder()
        let music = try Self.clickTrack("song.m4a", tempo: 120, in: scratch.url)
        let digests = ContentDigests(file: nil)
        let identity = try #require(digests.digests(of: [music])[music])
        let cache = SegmentCache(root: try scratch.subfolder("cache"))
        let first = WorkFolder(root: scratch.url.appendingPathComponent("first"))
        let second = WorkFolder(root: scratch.url.appendingPathComponent("second"))
        let grid = try MusicGrids(work: first, cache: cache).grid(of: music, digests: digests)
        #expect(MusicGrids(work: second, cache: cache).kept(identity: identity) == grid)
        #expect(try MusicGrids(work: second, cache: cache).grid(of: music, digests: digests) == grid)
        #expect(FileManager.default.fileExists(atPath: Self.keptFile(identity, in: second).path))

        let readOnly = SegmentCache(root: try scratch.subfolder("read-only"), readOnly: true)
        _ = try MusicGrids(work: WorkFolder(root: scratch.url.appendingPathComponent("third")), cache: readOnly).grid(of: music, digests: digests)
        #expect(!FileManager.default.fileExists(atPath: readOnly.beatGridsFolder.path))
    }

    @Test("a corrupt music file throws, with its path, and keeps nothing")
    func corruptMusicThrows() throws {
        let scratch = try TemporaryFolder()
        let music = scratch.url.appendingPathComponent("broken.m4a")
        try Data("not music at all".utf8).write(to: music)
        let grids = MusicGrids(work: scratch.work)
        #expect(throws: (any Error).self) { try grids.grid(of: music.path, digests: ContentDigests(file: nil)) }
        #expect(!FileManager.default.fileExists(atPath: scratch.work.beatGridsFolder.path))
    }
}

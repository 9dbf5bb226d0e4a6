import DVMedia
import DVSamples
import DVTestBasics
import Foundation
import Testing

@testable import DVRemote

/// A `MediaLocation` opens what it holds, whatever its path looks like: a local file, the movie at a byte
/// range inside a file, and objects in a bucket on moto read by ranges through their `RemoteFile`.
@Suite(.serialized) struct MediaLocationTests {
    /// What decoding the movie at `location` shows: its declared duration and the frames of its first half second.
    private static func decoded(_ location: MediaLocation) throws -> (duration: Double?, frames: Int) {
        let duration = try InputFile(location).duration
        let reader = try ClipReader(location, start: 0, duration: 0.5, outputFPS: 30, threads: 1)
        var frames = 0
        while let frame = try reader.next(), !frame.isRepeatAfterEnd { frames += 1 }
        return (duration, frames)
    }

    @Test("a local file, a range of a file, an object on a server and a range of one decode the same movie alike")
    func everyLocationOpensItsOwnBytes() throws {
        let folder = try TemporaryFolder("media-location")
        let movie = try SampleWriter().write(SampleClip(fileName: "clip.mp4", duration: 0.5, audio: .none), in: folder.url)
        let bytes = [UInt8](try Data(contentsOf: movie))
        let held = [UInt8](repeating: 0xFF, count: 16) + bytes
        let range = 16..<held.count
        let holder = folder.url.appendingPathComponent("holder.jpg")
        try Data(held).write(to: holder)
        let (server, client) = try RemoteFileTests.bucket(holding: bytes)
        _ = try client.send("PUT", server.endpoint.appendingPathComponent("roll/Dec/holder.jpg"), named: "object", body: Data(held)).get()
        let cache = try TemporaryFolder("media-location-cache")
        let library = RemoteLibrary()
        let environment = [
            "AWS_ENDPOINT_URL": server.endpoint.absoluteString, "AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing"
        ]
        let listed = try library.list(
            try LibraryRoot("s3://roll/"), access: RemoteAccess(environment: environment), cache: BlockCache(folder: cache.url, limit: 1 << 30),
            isExcluded: { _ in false })
        #expect(listed.map(\.address) == ["s3://roll/Dec/clip.mov", "s3://roll/Dec/holder.jpg"])
        let object = try library.file("s3://roll/Dec/clip.mov")
        let heldObject = try library.file("s3://roll/Dec/holder.jpg")

        let local = try Self.decoded(.file(movie.path))
        #expect(local.frames == 15)
        #expect(try Self.decoded(.file(holder.path, byteRange: range)) == local)
        #expect(try Self.decoded(.bytes(object.address, from: object)) == local)
        #expect(try Self.decoded(.bytes(heldObject.address, from: heldObject, byteRange: range)) == local)
        #expect(MediaProbe.probe(.bytes(object.address, from: object)) == MediaProbe.probe(.file(movie.path)))
        #expect(library.bytesFetched > 0, "the objects were read from the server")
    }

    @Test("a location's path names its file and decides nothing: a local file named like an address opens as a file")
    func thePathDecidesNothing() throws {
        let folder = try TemporaryFolder("media-location-names")
        let named = folder.url.appendingPathComponent("https:").appendingPathComponent("clip.mp4")
        try FileManager.default.createDirectory(at: named.deletingLastPathComponent(), withIntermediateDirectories: true)
        let movie = try SampleWriter().write(SampleClip(fileName: "clip.mp4", duration: 0.5, audio: .none), in: named.deletingLastPathComponent())
        #expect(try Self.decoded(.file(movie.path)).frames == 15)
        let missing = MediaLocation.file("s3://roll/Dec/clip.mov")
        #expect(throws: MediaError.self) { try InputFile(missing) }
    }
}

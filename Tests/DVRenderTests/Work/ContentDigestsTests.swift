import DVMedia
import DVRemote
import DVRender
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@Suite("content digests")
struct ContentDigestsTests {
    /// The SHA-256 of a file by coreutils' `sha256sum`, an implementation that is not dvpipe's.
    static func sha256sum(_ file: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix(64))
    }

    @Test("a file's digest is its SHA-256 (as sha256sum gives it), kept by stamp: an unchanged stamp is not read again, a new one is")
    func digestsAreKeptByStamp() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("clip.mov")
        let bytes = Data((0..<5_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        let store = folder.url.appendingPathComponent("digests.json")
        let digests = ContentDigests(file: store)
        let first = digests.digests(of: [file.path, folder.url.appendingPathComponent("missing.mov").path])
        #expect(first == [file.path: try Self.sha256sum(file)], "a missing file has no digest")
        try digests.save()

        // The same size and modification time with other bytes (an edit no stat can see): the kept digest
        // is used, which shows the file is not read again on a warm run.
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        var edited = bytes
        edited[10] ^= 1
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: edited)
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        #expect(ContentDigests(file: store).digests(of: [file.path])[file.path] == first[file.path])

        // A new modification time (a checkout, a touch): read again.
        times[1].tv_sec += 60
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        #expect(ContentDigests(file: store).digests(of: [file.path])[file.path] == (try Self.sha256sum(file)))
    }

    @Test(
        "a movie's identity is its window's, kept by stamp and window; another window is taken anew, and a file that is no movie is named by all its bytes"
    )
    func windowsAreKeptByStampAndWindow() throws {
        let folder = try TemporaryFolder()
        let movie = try SampleWriter().write(
            SampleClip(fileName: "beach.mp4", duration: 3, width: 160, height: 96, audio: .none, text: "3"), in: folder.url)
        let notAMovie = folder.url.appendingPathComponent("notes.mp4")
        try Data("not a movie at all".utf8).write(to: notAMovie)
        let store = folder.url.appendingPathComponent("digests.json")
        let head = ReadSpan(path: movie.path, startMilliseconds: 0, endMilliseconds: 1000)
        let broken = ReadSpan(path: notAMovie.path, startMilliseconds: 0, endMilliseconds: 1000)
        let cold = ContentDigests(file: store)
        let first = cold.identities(of: [], windows: [head, broken])
        try cold.save()
        let material = NSMutableData()
        try WindowContent.write(.file(movie.path), start: 0, end: 1) { material.append($0.baseAddress!, length: $0.count) }
        #expect(first[movie.path] == ContentHash.hex(of: material as Data), "the window's material, hashed")
        #expect(first[movie.path] != (try Self.sha256sum(movie)))
        #expect(first[notAMovie.path] == (try Self.sha256sum(notAMovie)))

        // The movie emptied with its stamp kept (an edit no stat can see): the kept digests are used, so a
        // warm run reads nothing.
        var info = stat()
        #expect(stat(movie.path, &info) == 0)
        let bytes = try Data(contentsOf: movie)
        let handle = try FileHandle(forWritingTo: movie)
        try handle.write(contentsOf: Data(count: bytes.count))
        try handle.close()
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, movie.path, &times, 0) == 0)
        let digests = ContentDigests(file: store)
        #expect(digests.identities(of: [], windows: [head, broken]) == first)
        let restore = try FileHandle(forWritingTo: movie)
        try restore.write(contentsOf: bytes)
        try restore.close()
        #expect(utimensat(AT_FDCWD, movie.path, &times, 0) == 0)
        let tail = ReadSpan(path: movie.path, startMilliseconds: 2000, endMilliseconds: 3000)
        let other = digests.identities(of: [], windows: [tail])
        #expect(other[movie.path] != nil && other[movie.path] != first[movie.path], "another window, another digest")
        #expect(digests.digests(of: [movie.path])[movie.path] == (try Self.sha256sum(movie)), "a whole-file digest beside the window's")
    }
}

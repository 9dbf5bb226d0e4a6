import DVRender
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
}

import DVFiles
import DVTestBasics
import DVTestSupport
import Foundation
import Synchronization
import Testing

@testable import DVRender

@Suite("piece claims")
struct SegmentClaimsTests {
    /// Writes a claim on `key` in `folder` as another holder would.
    static func claim(_ key: String, in folder: URL, by holder: ClaimHolder) throws {
        try JSONEncoder().encode(holder).write(to: folder.appendingPathComponent("\(key).claim"))
    }

    @Test("a claim is exclusive: a second process's claim on the same piece is refused until the first releases it")
    func exclusive() throws {
        let folder = try TemporaryFolder()
        let claims = SegmentClaims(folders: [folder.url])
        #expect(claims.claim("a") == .claimed)
        let other = ClaimHolder(host: "runner-b", pid: 42, started: 7)
        try Self.claim("b", in: folder.url, by: other)
        #expect(claims.claim("b") == .held(by: other))
        claims.release("a")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("a.claim").path))
    }

    /// A clock the test moves by hand.
    final class TestClock: Sendable {
        private let time = Mutex(Date())
        var now: Date { time.withLock { $0 } }
        func advance(by seconds: TimeInterval) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    @Test("another host's claim is kept while renewed, and taken over once it has not been for the timeout")
    func otherHostsClaimExpires() throws {
        let folder = try TemporaryFolder()
        let clock = TestClock()
        let claims = SegmentClaims(folders: [folder.url], timeout: 60, now: { clock.now })
        let file = folder.url.appendingPathComponent("k.claim")
        try Self.claim("k", in: folder.url, by: ClaimHolder(host: "runner-b", pid: 42, started: 7))
        for renewal in 0..<6 {
            // The holder renews its file (its modification time moves), 20 s apart by the clock.
            var times = [
                timespec(tv_sec: Int(clock.now.timeIntervalSince1970), tv_nsec: renewal),
                timespec(tv_sec: Int(clock.now.timeIntervalSince1970), tv_nsec: renewal)
            ]
            utimensat(AT_FDCWD, file.path, &times, 0)
            #expect(claims.claim("k") != .claimed, "a renewed claim is held")
            clock.advance(by: 20)
        }
        clock.advance(by: 50)
        #expect(claims.claim("k") == .claimed, "not renewed for longer than the timeout")
        #expect(SegmentClaims.holder(of: file) == .current)
    }

    @Test("a claim of this host's process that is gone is taken over at once, whatever the timeout")
    func goneLocalProcessIsTakenOverAtOnce() throws {
        let folder = try TemporaryFolder()
        let claims = SegmentClaims(folders: [folder.url], timeout: 3600)
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        try Self.claim("k", in: folder.url, by: ClaimHolder(host: FileSync.hostName, pid: finished.processIdentifier, started: 1))
        #expect(claims.claim("k") == .claimed)
    }

    @Test("claims in two folders (work folder and cache) are all or none")
    func allOrNone() throws {
        let work = try TemporaryFolder()
        let cache = try TemporaryFolder()
        let claims = SegmentClaims(folders: [work.url, cache.url])
        try Self.claim("k", in: cache.url, by: ClaimHolder(host: "runner-b", pid: 42, started: 7))
        #expect(claims.claim("k") != .claimed)
        #expect(!FileManager.default.fileExists(atPath: work.url.appendingPathComponent("k.claim").path), "the first folder's claim is given back")
    }

    @Test("a claim file whose holder cannot be read (an empty one, say) is taken over once it is a few seconds old")
    func unreadableClaimIsTakenOver() throws {
        let folder = try TemporaryFolder()
        let claims = SegmentClaims(folders: [folder.url], timeout: 3600)
        let file = folder.url.appendingPathComponent("k.claim")
        try Data().write(to: file)
        #expect(claims.claim("k") != .claimed, "just made: it may be another claimer's")
        var times = [timespec(tv_sec: time(nil) - 10, tv_nsec: 0), timespec(tv_sec: time(nil) - 10, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file.path, &times, 0) == 0)
        #expect(claims.claim("k") == .claimed)
        #expect(SegmentClaims.holder(of: file) == .current)
    }
}

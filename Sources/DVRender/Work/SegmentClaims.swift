import DVFiles
import DVRuntime
import Foundation
import Synchronization

/// Who holds a claim: a process on a host, told apart from a later process with the same id by its start time.
package struct ClaimHolder: Sendable, Hashable, Codable, CustomStringConvertible {
    package var host: String
    package var pid: Int32
    /// The process's start time, in clock ticks since the host booted (`/proc/PID/stat`).
    package var started: UInt64

    /// This process.
    package static let current = ClaimHolder(host: FileSync.hostName, pid: getpid(), started: startTicks(of: getpid()) ?? 0)

    package var description: String { "process \(pid) on \(host)" }

    /// True when the holder is a process of this host that no longer runs (or whose id now names another process).
    var isGoneFromThisHost: Bool {
        host == FileSync.hostName && startTicks(of: pid) != started
    }

    /// Field 22 of `/proc/PID/stat`: when the process started; nil when there is no such process.
    private static func startTicks(of pid: Int32) -> UInt64? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command name in parentheses: state is field 3, start time field 22.
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    private func startTicks(of pid: Int32) -> UInt64? { Self.startTicks(of: pid) }
}

/// Claims on segments, so that processes sharing a work folder or a cache (on one host, or several hosts on a
/// network folder) never render the same segment at once.
///
/// A claim is a file `KEY.claim` created exclusively (`O_EXCL`) in each folder of `folders`, holding its
/// `ClaimHolder`. While held, a heartbeat renews the files' modification times every `heartbeat` seconds. A
/// claim is taken over when its holder is a gone process of this host, or when its file has not been renewed
/// for `timeout` seconds (by this host's clock, or watched unchanged that long, whichever comes first).
/// Released claims are deleted; a crash leaves a claim that the next process takes over as above.
package final class SegmentClaims: Sendable {
    /// The folders a segment is claimed in, all or none.
    package let folders: [URL]
    package let timeout: TimeInterval
    package let heartbeat: TimeInterval
    /// The time now, by the host's clock (a test's own clock in tests).
    private let now: @Sendable () -> Date
    private let state = Mutex(State())
    /// Where the heartbeat runs.
    private let lane = Lane("dvpipe claims", width: 1)

    private struct State {
        var held: Set<String> = []
        /// For claims of others: the modification time last seen and when this process saw it change.
        var watched: [String: (modified: timespec, since: Date)] = [:]
        /// The heartbeat while a claim is held; stopped when the last is released.
        var beat: Repetition?
    }

    package init(folders: [URL], timeout: TimeInterval = 60, heartbeat: TimeInterval = 10, now: @escaping @Sendable () -> Date = Date.init) {
        self.folders = folders
        self.timeout = timeout
        self.heartbeat = heartbeat
        self.now = now
    }

    /// What claiming a segment came to.
    package enum Outcome: Sendable, Equatable {
        /// This process holds the segment now and must `release` it.
        case claimed
        /// A live holder has it.
        case held(by: ClaimHolder?)
    }

    /// Seconds after which a claim file whose holder cannot be read is taken over: claims are written whole
    /// (see `create`), so such a file is left by something else, never by a live claimer mid-write.
    static let unreadableGrace: TimeInterval = 2

    private func claimFile(_ key: String, in folder: URL) -> URL { folder.appendingPathComponent("\(key).claim") }

    /// Claims segment `key` in every folder, taking over claims whose holder stopped; `.held` (and nothing
    /// claimed) when a live process holds it in any of them.
    package func claim(_ key: String) -> Outcome {
        var taken: [URL] = []
        for folder in folders {
            let file = claimFile(key, in: folder)
            if create(file) || (takeOverIfStale(file) && create(file)) {
                taken.append(file)
                continue
            }
            for done in taken { unlink(done.path) }
            return .held(by: Self.holder(of: file))
        }
        state.withLock { state in
            state.held.insert(key)
            if state.beat == nil {
                state.beat = lane.every(heartbeat) { self.renewHeldClaims() }
            }
        }
        return .claimed
    }

    /// Gives segment `key` back: its claim files are deleted, and the heartbeat stopped with the last one.
    package func release(_ key: String) {
        let lastBeat = state.withLock { state -> Repetition? in
            state.held.remove(key)
            guard state.held.isEmpty else { return nil }
            defer { state.beat = nil }
            return state.beat
        }
        lastBeat?.stop()
        for folder in folders {
            let file = claimFile(key, in: folder)
            if Self.holder(of: file) == .current {
                unlink(file.path)
            }
        }
    }

    /// Deletes claims on segment `key` that their holders left behind (the holder gone, or silent past the
    /// timeout): a process killed after finishing a segment but before releasing it leaves one, which blocks
    /// nothing (the segment is there) but would stay in the folder for good.
    package func removeStale(_ key: String) {
        for folder in folders {
            let file = claimFile(key, in: folder)
            if FileManager.default.fileExists(atPath: file.path) {
                _ = takeOverIfStale(file)
            }
        }
    }

    /// The holder written in a claim file; nil when it is missing or unreadable.
    static func holder(of file: URL) -> ClaimHolder? {
        (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode(ClaimHolder.self, from: $0) }
    }

    /// Creates `file` with this process as its holder, whole or not at all: the holder is written to a
    /// temporary file that is then hard-linked to `file`, which fails when `file` exists (atomic on local
    /// and network file systems alike). False when it exists.
    private func create(_ file: URL) -> Bool {
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = FileSync.temporary(for: file, suffix: "tmp")
        defer { unlink(temporary.path) }
        guard let data = try? JSONCoding.encoder.encode(ClaimHolder.current),
            (try? FileSync.writeAtomically(data, to: temporary)) != nil
        else { return false }
        return link(temporary.path, file.path) == 0
    }

    /// When the claim in `file` is stale, moves it aside (an atomic rename that only one taker wins) and
    /// deletes it; true when this process removed it.
    private func takeOverIfStale(_ file: URL) -> Bool {
        let holder = Self.holder(of: file)
        guard holder != .current, isStale(file, holder: holder) else { return false }
        let aside = FileSync.temporary(for: file, suffix: "tmp")
        guard rename(file.path, aside.path) == 0 else { return false }
        defer { unlink(aside.path) }
        // Between the look and the rename another process may have taken it over and claimed it afresh:
        // then its claim goes back.
        if Self.holder(of: aside) != holder {
            link(aside.path, file.path)
            return false
        }
        return true
    }

    /// True when the holder of `file` is a gone process of this host, or the file has not been renewed for
    /// `timeout` seconds; a file whose holder cannot be read (not written by this version, or cut short)
    /// once it is `unreadableGrace` seconds old.
    private func isStale(_ file: URL, holder: ClaimHolder?) -> Bool {
        if holder?.isGoneFromThisHost == true { return true }
        var info = stat()
        guard stat(file.path, &info) == 0 else { return false }
        let modified = info.st_mtim
        let now = now()
        let age = now.timeIntervalSince1970 - (Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9)
        if age > (holder == nil ? Self.unreadableGrace : timeout) { return true }
        return state.withLock { state in
            guard let seen = state.watched[file.path], seen.modified.tv_sec == modified.tv_sec, seen.modified.tv_nsec == modified.tv_nsec else {
                state.watched[file.path] = (modified, now)
                return false
            }
            return now.timeIntervalSince(seen.since) > timeout
        }
    }

    /// Renews the modification times of the claim files held: the heartbeat.
    private func renewHeldClaims() {
        for key in state.withLock({ $0.held }) {
            for folder in folders {
                utimensat(AT_FDCWD, claimFile(key, in: folder).path, nil, 0)
            }
        }
    }
}

import DVFiles
import DVRuntime
import Foundation
import Synchronization

/// Rendered segments on a server any runner can reach (`--cache https://…`), in the layout of Bazel's HTTP
/// remote cache, so that bazel-remote, nginx with WebDAV and other servers of that protocol serve it as is:
/// a segment's record (`SegmentRecord` JSON) under `ac/KEY`, its bytes under `cas/SHA-256`; the records of
/// clips found broken (`BrokenClips`) under `ac/` too, by their own keys.
///
/// The store never costs a render: a download is checked against its SHA-256 before use (a bad one is a
/// warning, the segment is rendered again and its entry rewritten); a server that is down or failing is a
/// warning, after which the run goes on without it. Uploads run on a lane of their own while the next
/// segments render, the bytes (`cas/`) always before the record (`ac/`) that names them.
package final class RemoteSegmentStore: Sendable {
    /// The address and how to reach it.
    package var settings: RemoteStoreSettings { client.settings }
    private let client: StoreClient
    private let state = Mutex(State())
    /// One upload at a time, in the order asked.
    private let uploads = Lane("dvpipe uploads", width: 1)

    /// What this run met at the store.
    package struct Traffic: Sendable, Hashable {
        /// Segments taken from the store.
        package var downloaded = 0
        /// Segments put into the store.
        package var uploaded = 0
        /// Bytes of segments downloaded, and the seconds the downloads took.
        package var bytesDownloaded: Int64 = 0
        package var secondsDownloading: Double = 0
        /// Entries the store held that did not check (wrong bytes, not a record, a record without its bytes).
        package var rejected = 0
        /// Why the store was given up for this run, if it was.
        package var failure: String?
        /// Why uploads stopped (the server refused one), if they did; downloads go on.
        package var uploadFailure: String?
    }

    private struct State {
        var traffic = Traffic()
        /// Uploads asked for and not yet waited for by `finishUploads`.
        var pending: [Handle<Void>] = []
        /// Keys and blob hashes whose entries did not check: never taken from the store again in this run,
        /// and rewritten.
        var distrusted: Set<String> = []
        /// Warnings not yet handed to the observer.
        var notices: [RenderWarning] = []
    }

    package init(settings: RemoteStoreSettings) {
        client = StoreClient(settings: settings)
    }

    /// What this run met at the store so far.
    package var traffic: Traffic { state.withLock { $0.traffic } }

    /// The warnings since the last call: entries that did not check, the server given up.
    package func takeNotices() -> [RenderWarning] {
        state.withLock { state in
            defer { state.notices = [] }
            return state.notices
        }
    }

    /// Takes segment `key` into `folder` when the server has it and its bytes match their name and record;
    /// returns its record, or nil (not there, did not check, or the server is given up).
    package func fetch(_ key: String, into folder: SegmentFolder) -> SegmentRecord? {
        guard state.withLock({ $0.traffic.failure == nil && !$0.distrusted.contains(key) }) else { return nil }
        let started = Date()
        guard let recordBody = get("ac/\(key)") else { return nil }
        guard case let .record(record) = SegmentRecord.reading(recordBody, key: key) else {
            reject(key, "\(settings.display)ac/\(key) is not this segment's record; not used")
            return nil
        }
        guard record.fileHash.count == 64, record.fileHash.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            reject(key, "\(settings.display)ac/\(key) names no SHA-256 as its bytes; not used")
            return nil
        }
        // Bytes found bad under another key are not asked for again.
        guard !state.withLock({ $0.distrusted.contains(record.fileHash) }) else { return nil }
        guard let bytes = get("cas/\(record.fileHash)") else {
            if state.withLock({ $0.traffic.failure == nil }) {
                reject(
                    key, "\(settings.display)ac/\(key) names bytes the store no longer holds (cas/\(record.fileHash)); rendering the segment again")
            }
            return nil
        }
        guard record.describes(bytes) else {
            state.withLock { _ = $0.distrusted.insert(record.fileHash) }
            reject(
                key,
                "\(settings.display)cas/\(record.fileHash): its bytes are not the ones their SHA-256 names (\(bytes.count) bytes); rendering the segment again"
            )
            return nil
        }
        guard (try? folder.put(key, bytes: bytes, record: record)) != nil else { return nil }
        state.withLock { state in
            state.traffic.downloaded += 1
            state.traffic.bytesDownloaded += Int64(bytes.count)
            state.traffic.secondsDownloading += Date().timeIntervalSince(started)
        }
        return record
    }

    /// Puts finished segment `key` of `folder` into the server, on the upload thread: its bytes under `cas/`
    /// (unless the server has them and they were not found bad), then its record under `ac/`. With
    /// `unlessPresent` (a segment reused from the work folder), only when the server lacks its record.
    /// Nothing under `--cache-read-only`, or once the server is given up.
    package func upload(_ key: String, record: SegmentRecord, from folder: SegmentFolder, unlessPresent: Bool = false) {
        guard !settings.readOnly else { return }
        queueUpload { [self] in
            guard state.withLock({ $0.traffic.failure == nil && $0.traffic.uploadFailure == nil }) else { return }
            let rewrite = state.withLock { $0.distrusted.contains(key) || $0.distrusted.contains(record.fileHash) }
            if unlessPresent, !rewrite, has("ac/\(key)") { return }
            guard let bytes = try? Data(contentsOf: folder.file(key)), record.describes(bytes) else { return }
            let blob = "cas/\(record.fileHash)"
            if rewrite || !has(blob) {
                guard put(blob, bytes) else { return }
            }
            guard let recordBody = try? JSONCoding.encoder.encode(record), put("ac/\(key)", recordBody) else { return }
            state.withLock { $0.traffic.uploaded += 1 }
        }
    }

    /// The body of another kind of record under `ac/KEY` (a broken clip's), or nil when the server lacks it
    /// (or is given up). The caller checks what it reads.
    package func entry(_ key: String) -> Data? {
        guard state.withLock({ $0.traffic.failure == nil }) else { return nil }
        return get("ac/\(key)")
    }

    /// Puts another kind of record under `ac/KEY`, on the upload thread; nothing under `--cache-read-only`,
    /// or once the server is given up or refused an upload.
    package func putEntry(_ key: String, _ body: Data) {
        guard !settings.readOnly else { return }
        queueUpload { [self] in
            guard state.withLock({ $0.traffic.failure == nil && $0.traffic.uploadFailure == nil }) else { return }
            _ = put("ac/\(key)", body)
        }
    }

    /// Waits until every upload asked for so far has ended.
    package func finishUploads() {
        while true {
            let pending = state.withLock { state in
                defer { state.pending.removeAll() }
                return state.pending
            }
            guard !pending.isEmpty else { return }
            for upload in pending { _ = upload.result() }
        }
    }

    /// Runs `upload` on the upload lane, after those asked for before it.
    private func queueUpload(_ upload: @escaping @Sendable () -> Void) {
        let handle = uploads.submit(upload)
        state.withLock { $0.pending.append(handle) }
    }

    /// The body of `path`, or nil when the server does not have it (404) or fails (then given up).
    private func get(_ path: String) -> Data? {
        switch client.send("GET", path) {
        case let .success(response) where response.status == 200:
            return response.body
        case let .success(response) where response.status == 404:
            return nil
        case let .success(response):
            giveUp("GET \(path): HTTP \(response.status)")
            return nil
        case let .failure(failure):
            giveUp(failure.description)
            return nil
        }
    }

    /// Whether the server holds `path`.
    private func has(_ path: String) -> Bool {
        if case let .success(response) = client.send("HEAD", path) { response.status == 200 } else { false }
    }

    /// Stores `body` under `path`; on a WebDAV server that lacks the folders (409), they are made first.
    private func put(_ path: String, _ body: Data) -> Bool {
        var answer = client.send("PUT", path, body: body)
        if case let .success(response) = answer, response.status == 409 {
            makeFolders(for: path)
            answer = client.send("PUT", path, body: body)
        }
        switch answer {
        case let .success(response) where (200...299).contains(response.status):
            return true
        case let .success(response):
            state.withLock { state in
                guard state.traffic.uploadFailure == nil else { return }
                state.traffic.uploadFailure = "PUT \(path): HTTP \(response.status)"
                state.notices.append(
                    RenderWarning(
                        .storeUploadsStopped, "segment store \(settings.display): PUT \(path): HTTP \(response.status); uploading nothing more"))
            }
        case let .failure(failure):
            giveUp(failure.description)
        }
        return false
    }

    /// Makes the folders from the server's root down to `path`'s (`MKCOL`, as WebDAV servers without
    /// nginx's `create_full_put_path` need); a folder that exists already answers 405, which is fine.
    private func makeFolders(for path: String) {
        guard var root = URLComponents(url: settings.base, resolvingAgainstBaseURL: false) else { return }
        root.path = "/"
        guard var folder = root.url else { return }
        let steps = settings.base.pathComponents.dropFirst() + path.split(separator: "/").dropLast().map(String.init)
        for step in steps {
            folder.appendPathComponent(step, isDirectory: true)
            _ = client.send("MKCOL", folder, named: folder.path)
        }
    }

    /// Gives the server up for the rest of the run, with one warning naming it.
    private func giveUp(_ reason: String) {
        state.withLock { state in
            guard state.traffic.failure == nil else { return }
            state.traffic.failure = reason
            state.notices.append(RenderWarning(.storeUnavailable, "segment store \(settings.display): \(reason); going on without it"))
        }
    }

    /// Marks `key`'s entry as bad, with a warning.
    private func reject(_ key: String, _ notice: String) {
        state.withLock { state in
            state.distrusted.insert(key)
            state.traffic.rejected += 1
            state.notices.append(RenderWarning(.storeEntryRejected, notice))
        }
    }
}

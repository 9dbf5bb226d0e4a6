import DVTestBasics
import Foundation

/// A real WebDAV server sharing a library folder on 127.0.0.1, stopped when the value goes away: Debian's
/// `rclone serve webdav` (read-only, with a login when asked) or WsgiDAV from PyPI; or
/// `scripts/library-proxy.py` in front of one, which logs every request and can delay or fault them.
final class LibraryServer {
    /// The library's address, ending in `/`.
    let url: String
    /// The proxy's request log (`METHOD PATH RANGE STATUS BYTES` lines); nil for a server that is no proxy.
    let log: URL?
    private let process: Process
    /// What the server needs kept while it runs (its log's folder).
    private let folder: TemporaryFolder?
    /// The server a proxy stands in front of, kept running as long as the proxy.
    private let upstream: LibraryServer?

    private init(url: String, process: Process, log: URL? = nil, folder: TemporaryFolder? = nil, upstream: LibraryServer? = nil) {
        self.url = url
        self.process = process
        self.log = log
        self.folder = folder
        self.upstream = upstream
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// `rclone serve webdav` of `library`, read-only unless `writable` (a collection reels are published to);
    /// with `login`, only for that user and password.
    static func rclone(serving library: URL, login: (user: String, password: String)? = nil, writable: Bool = false) throws -> LibraryServer {
        let rclone = "/usr/bin/rclone"
        guard FileManager.default.isExecutableFile(atPath: rclone) else {
            throw StoreServer.Missing(description: "needs rclone (Debian's rclone, which make test installs)")
        }
        let port = try StoreServer.freePort()
        var arguments = ["serve", "webdav", library.path, "--addr", "127.0.0.1:\(port)", "--config", "/dev/null"] + (writable ? [] : ["--read-only"])
        if let login {
            arguments += ["--user", login.user, "--pass", login.password]
        }
        let process = try StoreServer.start(rclone, arguments)
        try StoreServer.waitForListener(port, process: process)
        return LibraryServer(url: "http://127.0.0.1:\(port)/", process: process)
    }

    /// WsgiDAV sharing a copy of `library` without auth, under `/photos/` (a library below the server's root, as on a NAS).
    static func wsgiDAV(serving library: URL) throws -> LibraryServer {
        let program = StoreServer.sourceRoot.appendingPathComponent(".build-stores/venv/bin/wsgidav").path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw StoreServer.Missing(description: "needs WsgiDAV: make test makes .build-stores/venv (scripts/setup-store-servers.sh)")
        }
        let root = try TemporaryFolder("wsgidav-library")
        try FileManager.default.copyItem(at: library, to: root.url.appendingPathComponent("photos"))
        let port = try StoreServer.freePort()
        let process = try StoreServer.start(
            program, ["--host", "127.0.0.1", "--port", "\(port)", "--root", root.url.path, "--auth", "anonymous", "--no-config", "-q"])
        try StoreServer.waitForListener(port, process: process)
        return LibraryServer(url: "http://127.0.0.1:\(port)/photos/", process: process, folder: root)
    }

    /// `scripts/library-proxy.py` in front of `server` (the same paths), with `arguments` (`--fault …`,
    /// `--delay-ms …`), logging every request.
    static func proxy(before server: LibraryServer, _ arguments: [String] = []) throws -> LibraryServer {
        guard let upstream = URL(string: server.url), let upstreamPort = upstream.port else {
            throw StoreServer.Missing(description: "'\(server.url)' names no port")
        }
        return try proxy(before: server, port: upstreamPort, arguments)
    }

    /// `scripts/library-proxy.py` in front of the server `server` runs on 127.0.0.1 at `upstreamPort` (an S3
    /// endpoint, whose `url` is the `s3://` address); its `url` is `server.url` with the proxy's port, or for
    /// an S3 server `http://127.0.0.1:PORT`, the endpoint to give dvpipe.
    static func proxy(before server: LibraryServer, port upstreamPort: Int, _ arguments: [String] = []) throws -> LibraryServer {
        let folder = try TemporaryFolder("library-proxy")
        let log = folder.url.appendingPathComponent("requests.log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [StoreServer.sourceRoot.appendingPathComponent("scripts/library-proxy.py").path, "http://127.0.0.1:\(upstreamPort)", "--log", log.path]
            + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StoreServer.Missing(description: "library-proxy.py printed no port: '\(line)'")
        }
        let address =
            server.url.hasPrefix("s3://")
            ? "http://127.0.0.1:\(port)" : server.url.replacingOccurrences(of: "127.0.0.1:\(upstreamPort)", with: "127.0.0.1:\(port)")
        return LibraryServer(url: address, process: process, log: log, folder: folder, upstream: server)
    }

    /// The requests the proxy has logged: method, path, range, status and bytes sent.
    func requests() -> [(method: String, path: String, range: String, status: String, bytes: Int)] {
        guard let log, let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count == 5 else { return nil }
            return (fields[0], fields[1], fields[2], fields[3], Int(fields[4]) ?? 0)
        }
    }

    /// moto's S3 server from `.build-stores/venv` holding `library` in `bucket` under `prefix` (written as keys
    /// are), filled by `scripts/s3-library.py`; with `signed`, moto checks every request's Signature V4. The
    /// `url` is `s3://BUCKET/PREFIX`; `environment` gives dvpipe the endpoint, region and a reader's key.
    static func moto(serving library: URL, bucket: String, prefix: String, signed: Bool) throws -> (LibraryServer, environment: [String: String]) {
        let venv = StoreServer.sourceRoot.appendingPathComponent(".build-stores/venv/bin")
        guard FileManager.default.isExecutableFile(atPath: venv.appendingPathComponent("moto_server").path) else {
            throw StoreServer.Missing(description: "needs moto: make test makes .build-stores/venv (scripts/setup-store-servers.sh)")
        }
        let port = try StoreServer.freePort()
        let process = try StoreServer.start(venv.appendingPathComponent("moto_server").path, ["-H", "127.0.0.1", "-p", "\(port)"])
        try StoreServer.waitForListener(port, process: process)
        let server = LibraryServer(url: "s3://\(bucket)/\(prefix)", process: process)
        let endpoint = "http://127.0.0.1:\(port)"
        let fill = Process()
        fill.executableURL = venv.appendingPathComponent("python")
        fill.arguments =
            [StoreServer.sourceRoot.appendingPathComponent("scripts/s3-library.py").path, endpoint, bucket, prefix, library.path]
            + (signed ? ["--require-signatures"] : [])
        let output = Pipe()
        fill.standardOutput = output
        fill.standardError = FileHandle.nullDevice
        try fill.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        fill.waitUntilExit()
        guard fill.terminationStatus == 0, let key = try JSONSerialization.jsonObject(with: printed) as? [String: String],
            let id = key["access_key_id"], let secret = key["secret_access_key"]
        else { throw StoreServer.Missing(description: "s3-library.py did not fill the bucket") }
        let environment = [
            "AWS_ENDPOINT_URL": endpoint, "AWS_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": id, "AWS_SECRET_ACCESS_KEY": secret
        ]
        return (server, environment)
    }
}

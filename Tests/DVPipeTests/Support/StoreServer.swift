import DVTestBasics
import Foundation

/// A real server for segment-store tests, on 127.0.0.1 over a folder of its own, stopped when the value
/// goes away: Debian's nginx with WebDAV PUT, WsgiDAV from PyPI (`.build-stores/venv`, made by
/// `scripts/setup-store-servers.sh`), or the project's `scripts/faulty-store.py`, which fails on purpose.
final class StoreServer {
    /// What the server keeps, as files.
    let folder: TemporaryFolder
    /// The store's address, ending in `/`.
    let url: String
    private let process: Process

    /// What a test needs that `make test` installs.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private init(folder: TemporaryFolder, url: String, process: Process) {
        self.folder = folder
        self.url = url
        self.process = process
    }

    /// SIGKILL: a process started from a test's thread inherits its blocked signals, SIGTERM among them.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The server block a team would write for a store: `/dvpipe/` with WebDAV PUT and `create_full_put_path`.
    /// `LISTEN`, `ROOT` and `BODY` stand for the address, the folder served and nginx's upload folder.
    static let storeServerBlock = """
        server {
          listen LISTEN;
          root ROOT;
          client_body_temp_path BODY;
          location /dvpipe/ {
            dav_methods PUT DELETE MKCOL;
            create_full_put_path on;
            client_max_body_size 0;
          }
        }
        """

    /// nginx (Debian's nginx-light) on a free port with `serverBlock` (`storeServerBlock`, or one taken from
    /// an example with its `listen`, `root` and `client_body_temp_path` replaced by the placeholders).
    static func nginx(serverBlock: String = storeServerBlock) throws -> StoreServer {
        let nginx = "/usr/sbin/nginx"
        guard FileManager.default.isExecutableFile(atPath: nginx) else { throw Missing(description: "needs nginx (Debian's nginx-light)") }
        let folder = try TemporaryFolder("nginx")
        let root = try folder.subfolder("root")
        _ = try folder.subfolder("root/dvpipe")
        let temporary = try folder.subfolder("body")
        let port = try freePort()
        let configuration = """
            daemon off;
            master_process off;
            pid \(folder.url.path)/nginx.pid;
            error_log \(folder.url.path)/error.log;
            events {}
            http {
              access_log off;
            \(serverBlock.replacingOccurrences(of: "LISTEN", with: "127.0.0.1:\(port)")
                .replacingOccurrences(of: "ROOT", with: root.path).replacingOccurrences(of: "BODY", with: temporary.path))
            }
            """
        let file = folder.url.appendingPathComponent("nginx.conf")
        try configuration.write(to: file, atomically: true, encoding: .utf8)
        let process = try start(nginx, ["-c", file.path, "-p", folder.url.path])
        try waitForListener(port, process: process)
        return StoreServer(folder: folder, url: "http://127.0.0.1:\(port)/dvpipe/", process: process)
    }

    /// WsgiDAV (PyPI, on cheroot) sharing its folder read-write, without auth: a WebDAV server of another
    /// make, which wants folders made with MKCOL before a PUT into them.
    static func wsgiDAV() throws -> StoreServer {
        let program = sourceRoot.appendingPathComponent(".build-stores/venv/bin/wsgidav").path
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw Missing(description: "needs WsgiDAV: make test makes .build-stores/venv (scripts/setup-store-servers.sh)")
        }
        let folder = try TemporaryFolder("wsgidav")
        let port = try freePort()
        let process = try start(
            program,
            [
                "--host", "127.0.0.1", "--port", "\(port)", "--root", folder.url.path, "--auth", "anonymous", "--no-config", "-q"
            ])
        try waitForListener(port, process: process)
        return StoreServer(folder: folder, url: "http://127.0.0.1:\(port)/team/dvpipe/", process: process)
    }

    /// `scripts/faulty-store.py` with `arguments` (`--fault 500 --count 1000`, …).
    static func faulty(_ arguments: [String]) throws -> StoreServer {
        let folder = try TemporaryFolder("faulty-store")
        let script = sourceRoot.appendingPathComponent("scripts/faulty-store.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script, folder.url.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw Missing(description: "faulty-store.py printed no port: '\(line)'")
        }
        return StoreServer(folder: folder, url: "http://127.0.0.1:\(port)/dvpipe/", process: process)
    }

    /// The files the server holds under `ac/` or `cas/` (`kind`), wherever in its folder they are.
    func entries(_ kind: String) -> [URL] {
        let files = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.deletingLastPathComponent().lastPathComponent == kind && !$0.hasDirectoryPath }
    }

    static func start(_ program: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Missing(description: "no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until `port` accepts connections (up to 20 s), or `process` has ended.
    static func waitForListener(_ port: Int, process: Process) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, process.isRunning {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(socket)
            if connected { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Missing(description: "the server did not start listening on port \(port)")
    }
}

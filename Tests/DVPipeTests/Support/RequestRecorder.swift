import DVTestBasics
import Foundation

/// Python's `http.server` on 127.0.0.1, serving an empty folder and logging every request it receives: a
/// server a hostile file names, which must hear nothing. Stopped when the value goes away.
final class RequestRecorder {
    /// `http://127.0.0.1:PORT`, without a trailing `/`.
    let url: String
    let port: Int
    private let process: Process
    private let folder: TemporaryFolder
    private let log: URL

    init() throws {
        folder = try TemporaryFolder("request-recorder")
        let served = try folder.subfolder("served")
        log = folder.url.appendingPathComponent("requests.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        port = try StoreServer.freePort()
        url = "http://127.0.0.1:\(port)"
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-u", "-m", "http.server", "--bind", "127.0.0.1", "--directory", served.path, "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        try StoreServer.waitForListener(port, process: process)
    }

    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The request lines the server has logged (`"GET /x HTTP/1.1"`).
    func requests() -> [String] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            line.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false).dropFirst().first.map(String.init)
        }
    }
}

import DVRemote
import Foundation

/// moto's S3 (and IAM) server from `.build-stores/venv` on a free port of 127.0.0.1, killed when the value goes
/// away. Its state lives in the process: each server starts empty.
final class MotoServer {
    /// `http://127.0.0.1:PORT`.
    let endpoint: URL
    private let process: Process

    init() throws {
        let port = try Self.freePort()
        process = Process()
        process.executableURL = URL(fileURLWithPath: try ReferencePython.program("moto_server"))
        process.arguments = ["-H", "127.0.0.1", "-p", "\(port)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        endpoint = URL(string: "http://127.0.0.1:\(port)")!
        try waitForListener(port)
    }

    /// SIGKILL: a process started from a test's thread inherits its blocked signals, SIGTERM among them.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// From now on every request must be signed by a key of moto's IAM (what `INITIAL_NO_AUTH_ACTION_COUNT=0`
    /// sets at start). The count goes as the raw body: sent as a form, moto reads an empty body and fails.
    func requireSignatures() throws {
        let answer = try HTTPClient(policy: HTTPPolicy(timeout: 20, attempts: 1)).send(
            "POST", endpoint.appendingPathComponent("moto-api/reset-auth"), named: "moto's reset-auth", headers: ["Content-Type": "text/plain"],
            body: Data("0".utf8)
        ).get()
        guard answer.status == 200 else {
            throw ReferencePython.Failure(description: "moto's reset-auth answered HTTP \(answer.status)")
        }
    }

    /// A TCP port of 127.0.0.1 that nothing listens on now: the one the kernel gives a socket bound to port 0.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw ReferencePython.Failure(description: "no free port on 127.0.0.1") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    /// Waits until `port` accepts connections, for up to 30 s (moto imports every service it mocks), unless the
    /// server has ended.
    private func waitForListener(_ port: Int) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, process.isRunning {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: port)
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(socket)
            if connected { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ReferencePython.Failure(description: "moto_server did not start listening on port \(port)")
    }
}

import DVTestBasics
import Foundation

/// A run of `dvpipe` under `strace -f`, recording every system call that names a path or an address.
struct Straced {
    let result: DVPipeProcess.Result
    /// strace's lines, one a call.
    let calls: [Substring]

    /// Every call that names a file (strace's `%file` class: opens, stats, `readlink`, `access`, `execve`, …)
    /// and the ones that reach an address.
    static let traced = "trace=%file,connect,bind,sendto"

    /// Runs `dvpipe` with `arguments` in `directory` under `strace -f`.
    init(_ arguments: [String], in directory: URL? = nil) throws {
        let folder = try TemporaryFolder("strace")
        let log = folder.url.appendingPathComponent("calls.log")
        result = try DVPipeProcess.run(
            arguments, in: directory, under: ["/usr/bin/strace", "-f", "-qq", "-s", "4096", "-e", Self.traced, "-e", "signal=none", "-o", log.path])
        calls = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    }

    /// The path each call names first: what it touches (a link's target, which `readlink` returns, is not).
    /// A call that another thread's call interrupted is written in two lines, `readlink("A", <unfinished ...>`
    /// and `<... readlink resumed>"B", 4096) = …`: the first names the path, the second only what it returned.
    var paths: [Substring] {
        calls.compactMap { call in
            guard !call.contains(" resumed>") else { return nil }
            guard let open = call.firstIndex(of: "\""), let close = call[call.index(after: open)...].firstIndex(of: "\"") else { return nil }
            return call[call.index(after: open)..<close]
        }
    }

    /// The calls that name `path` (or a path holding it).
    func touching(_ path: String) -> [Substring] {
        calls.filter { $0.contains(path) }
    }

    /// The calls that open a path ending in `name`.
    func opening(_ name: String) -> [Substring] {
        calls.filter { $0.contains("open") && $0.contains(name + "\"") }
    }

    /// The calls that connect, bind or send to `port` on any address.
    func connecting(port: Int) -> [Substring] {
        calls.filter { ($0.contains("connect(") || $0.contains("bind(") || $0.contains("sendto(")) && $0.contains("sin_port=htons(\(port))") }
    }
}

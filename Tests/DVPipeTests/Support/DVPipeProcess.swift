import DVTestBasics
import Foundation

/// Runs the built `dvpipe` executable, as a user would, and captures what it prints.
struct DVPipeProcess {
    /// What one run printed and how it ended.
    struct Result {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    /// The `dvpipe` binary in the same build products folder as the running test bundle.
    static var executable: URL {
        get throws {
            let bundleFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let candidates = [
                bundleFolder.appendingPathComponent("dvpipe"),
                sourceRoot.appendingPathComponent(".build/debug/dvpipe")
            ]
            guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: candidates[0].path])
            }
            return found
        }
    }

    /// This process's environment with the shared cache off (`DVPIPE_CACHE=off`), so that one test's
    /// segments never turn up in another's run, and outside GitHub Actions (the tests may run inside it),
    /// then `extra` over it (a test's own `DVPIPE_CACHE`, say).
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["DVPIPE_CACHE": "off", "GITHUB_ACTIONS": "false"]) { _, new in new }
            .merging(extra) { _, new in new }
    }

    /// A `dvpipe` process, not started, with `arguments` and `environment(extra)`; under `wrapper` (a command
    /// such as `strace -f …` that runs the program named after its own arguments), that command instead.
    static func process(_ arguments: [String], environment extra: [String: String] = [:], under wrapper: [String] = []) throws -> Process {
        let process = Process()
        if let command = wrapper.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = wrapper.dropFirst() + [try executable.path] + arguments
        } else {
            process.executableURL = try executable
            process.arguments = arguments
        }
        process.environment = environment(extra)
        return process
    }

    /// Starts `dvpipe` with `arguments` in the background, its output discarded; the caller waits for it.
    static func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = try process(arguments, environment: extra)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `dvpipe` with `arguments` in `directory` (`environment(extra)`), under `wrapper` if one is given,
    /// and waits for it to end.
    static func run(_ arguments: [String], in directory: URL? = nil, environment extra: [String: String] = [:], under wrapper: [String] = []) throws
        -> Result
    {
        let process = try process(arguments, environment: extra, under: wrapper)
        if let directory { process.currentDirectoryURL = directory }
        return try finish(process)
    }

    /// Runs `dvpipe` with `arguments` (`environment(extra)`) under GNU time (Debian's `time`) and waits for
    /// it to end: what it printed, and its peak resident memory in KiB.
    static func measured(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (Result, peakKiB: Int) {
        let folder = try TemporaryFolder("dvpipe-peak")
        let record = folder.url.appendingPathComponent("peak")
        let result = try finish(try process(arguments, environment: extra, under: ["/usr/bin/time", "-f", "%M", "-o", record.path]))
        let peak = try String(contentsOf: record, encoding: .utf8).split(separator: "\n").last.flatMap { Int($0) }
        return (result, peak ?? Int.max)
    }

    /// Starts `process` with its output captured and waits for it to end.
    private static func finish(_ process: Process) throws -> Result {
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Looks at `condition` every `interval` seconds until it holds, `process` has ended or two minutes
    /// have passed. It blocks its thread on purpose: a task's sleep on the cooperative pool can wake long
    /// after a fast render has finished.
    static func wait(for process: Process, every interval: TimeInterval = 0.05, until condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(120)
        while !condition() && process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: interval)
        }
    }
}

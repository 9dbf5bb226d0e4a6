import Foundation

/// The Python of `.build-stores/venv` (made by `scripts/setup-store-servers.sh`, which `make test` runs), with
/// botocore and moto: the references the S3 code is checked against.
enum ReferencePython {
    /// What a test needs that `make test` installs, or a reference that failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static let sourceRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The venv's program `name` (`python`, `moto_server`); a failure saying how to make it when it is missing.
    static func program(_ name: String) throws -> String {
        let path = sourceRoot.appendingPathComponent(".build-stores/venv/bin/\(name)").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "needs \(path): run make test, or scripts/setup-store-servers.sh, to make .build-stores/venv")
        }
        return path
    }

    /// What `script` prints when run with `input` on its standard input; a failure with its error output
    /// when it ends otherwise than with status 0.
    static func run(_ script: String, input: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try program("python"))
        process.arguments = ["-W", "ignore", "-c", script]
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        standardInput.fileHandleForWriting.write(input)
        try standardInput.fileHandleForWriting.close()
        // Read both pipes to their ends before waiting, so that neither fills while the other is read.
        let errors = Reader(standardError.fileHandleForReading)
        let output = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "the Python reference failed: \(String(decoding: errors.data(), as: UTF8.self))")
        }
        return output
    }

    /// A pipe read to its end on a thread of its own.
    private final class Reader: @unchecked Sendable {
        // Written by the reading thread before `done` is signalled, read after the wait: the semaphore orders them.
        private var bytes = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread.detachNewThread { [self] in
                bytes = handle.readDataToEndOfFile()
                done.signal()
            }
        }

        func data() -> Data {
            done.wait()
            return bytes
        }
    }
}

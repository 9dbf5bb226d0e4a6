import Foundation
import Testing

/// `dvpipe demo` run as a user would: the built binary, a fresh folder, its output and exit status.
@Suite struct DemoCommandTests {
    /// The `dvpipe` executable in the build products folder that holds this test bundle.
    static func executable() throws -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("dvpipe")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: Bundle.main.bundleURL.path + "/../dvpipe"])
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    @Test func writesTheLibraryAndSaysWhatToRunNext() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dvpipe-demo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.run(["demo", folder.path])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("Wrote 34 files covering 25 days of December 2024"))
        #expect(result.output.contains("Next: dvpipe plan \(folder.path)/demo.yaml"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("demo.yaml").path))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("library").path)
        #expect(files.count == 34)
        #expect(files.contains("IMG_0005.JPG") && files.contains("IMG_0005.MOV"))
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary files left behind")
    }

    @Test func missingFolderArgumentIsAnError() throws {
        let result = try Self.run(["demo"])
        #expect(result.status != 0)
        #expect(result.error.contains("Missing expected argument"))
    }

    @Test func unwritableFolderFailsWithAMessage() throws {
        let result = try Self.run(["demo", "/proc/dvpipe-demo"])
        #expect(result.status == 1)
        #expect(result.error.contains("error:"))
    }
}

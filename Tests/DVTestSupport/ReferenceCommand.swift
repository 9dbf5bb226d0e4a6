import DVTestBasics
import Foundation

/// Commands from other projects that tests check dvpipe against (Debian's `ffmpeg` and exiftool packages,
/// Python's colour-science and Pillow packages in `.build-colour/venv`, OpenCV and scikit-image in
/// `.build-faces/venv`, aubio's `aubiotrack`, librosa and mir_eval in `.build-beats/venv`, all of which
/// `make test` installs): the independent truth for loudness, colour, stream tags, embedded movies, faces
/// and beats.
package enum ReferenceCommand {
    /// The ffmpeg command, nil when it is not installed.
    package static let ffmpeg = find("ffmpeg")
    /// The ffprobe command, nil when it is not installed.
    package static let ffprobe = find("ffprobe")
    /// Phil Harvey's exiftool (Debian's libimage-exiftool-perl), nil when it is not installed.
    package static let exiftool = find("exiftool")
    /// libheif's `heif-convert` and `heif-enc` (Debian's libheif-examples) and ImageMagick's `convert` (Debian's
    /// imagemagick), nil when they are not installed: references for stills made without dvpipe.
    package static let heifConvert = find("heif-convert")
    package static let heifEnc = find("heif-enc")
    package static let imageMagick = find("convert")
    /// A Python that can `import colour` (colour-science 0.4.7) and `PIL` (Pillow 11.3.0, with LittleCMS),
    /// nil when `scripts/setup-colour-science.sh` has not made it.
    package static let referencePython: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".build-colour/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }()

    /// A Python that can `import cv2` (OpenCV 4.14, its Haar cascade detector) and `skimage` (scikit-image
    /// 0.26, its astronaut photograph), nil when `scripts/setup-face-reference.sh` has not made it.
    package static let facePython: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".build-faces/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }()

    /// A Python that can `import librosa` (0.10.2, its beat tracker) and `mir_eval` (0.8.2, beat scores), nil
    /// when `scripts/setup-beat-reference.sh` has not made it.
    package static let beatPython: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let python = root.appendingPathComponent(".build-beats/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }()
    /// Debian's aubiotrack (aubio-tools), nil when it is not installed.
    package static let aubiotrack = find("aubiotrack")

    /// The ffmpeg, ffprobe and exiftool commands and the reference Pythons, or a thrown failure naming
    /// what is missing: a test that needs one fails, not skips, where `make test` has not installed it.
    package static var requiredFFmpeg: String { get throws { try required(ffmpeg, "the ffmpeg command (Debian's ffmpeg)") } }
    package static var requiredFFprobe: String { get throws { try required(ffprobe, "the ffprobe command (Debian's ffmpeg)") } }
    package static var requiredExiftool: String { get throws { try required(exiftool, "exiftool (Debian's libimage-exiftool-perl)") } }
    package static var requiredHeifConvert: String { get throws { try required(heifConvert, "heif-convert (Debian's libheif-examples)") } }
    package static var requiredHeifEnc: String { get throws { try required(heifEnc, "heif-enc (Debian's libheif-examples)") } }
    package static var requiredImageMagick: String { get throws { try required(imageMagick, "ImageMagick's convert (Debian's imagemagick)") } }
    package static var requiredReferencePython: String {
        get throws { try required(referencePython, "the colour-science Python (scripts/setup-colour-science.sh)") }
    }

    private static func required(_ command: String?, _ what: String) throws -> String {
        guard let command else { throw Failure(description: "needs \(what), which make test installs") }
        return command
    }

    private static func find(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// A command that ended badly: what it printed on standard error.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Runs `command` with `arguments` (in `directory` and with `environment` when given) and returns its exit
    /// status and everything it printed on standard output and error, interleaved as printed. The output
    /// goes through a file, so a chatty command cannot block on a full pipe.
    package static func printed(
        _ command: String, _ arguments: [String], environment: [String: String]? = nil, in directory: URL? = nil
    ) throws -> (status: Int32, printed: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let log = try TemporaryFolder("printed")
        let file = log.url.appendingPathComponent("printed")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw Failure(description: "cannot create \(file.path) for the command's output")
        }
        let handle = try FileHandle(forWritingTo: file)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return (process.terminationStatus, try String(contentsOf: file, encoding: .utf8))
    }

    /// Runs `command` (a path from above) with `arguments` and returns its standard output; throws with its
    /// standard error when it exits with another status than 0. Standard error goes through a file, so a
    /// chatty command cannot block on a full pipe.
    package static func output(_ command: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        let log = try TemporaryFolder("reference-command")
        let errors = log.url.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: errors.path, contents: nil) else {
            throw Failure(description: "cannot create \(errors.path) for the command's standard error")
        }
        process.standardError = try FileHandle(forWritingTo: errors)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure(
                description:
                    "\(URL(fileURLWithPath: command).lastPathComponent) \(arguments.joined(separator: " ")): exit \(process.terminationStatus): \(message)"
            )
        }
        return data
    }
}

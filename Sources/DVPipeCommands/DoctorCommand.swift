import ArgumentParser
import DVMedia
import DVPlanning
import Foundation

/// `dvpipe doctor`: checks that this machine has what a render needs.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the libraries, encoders, default font and free disk that renders need.",
        discussion: """
            Each line says OK, or what to run to fix it. Exit status 1 when something required is missing.

            Example:
              dvpipe doctor --work-dir .dvpipe
            """
    )

    @Option(name: .long, help: "The folder whose free disk space to check (default: the current folder).")
    var workDir: String = "."

    func run() throws {
        let checks = MachineCheck.all(workDirectory: workDir)
        for check in checks {
            printOut(check.line)
        }
        if checks.contains(where: { $0.status == .missing && $0.required }) {
            throw ExitCode(1)
        }
    }
}

/// One line of `dvpipe doctor`.
struct MachineCheck {
    enum Status { case ok, missing }

    let status: Status
    let required: Bool
    let subject: String
    let detail: String

    var line: String {
        switch status {
        case .ok: "OK       \(subject): \(detail)"
        case .missing: "\(required ? "MISSING " : "OPTIONAL") \(subject): \(detail)"
        }
    }

    static let installCommand =
        "apt-get install -y libavformat-dev libavcodec-dev libavutil-dev libswscale-dev libswresample-dev libyaml-dev libfreetype-dev "
        + "libharfbuzz-dev libfribidi-dev libfontconfig-dev libicu-dev fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji"

    /// The writing systems `doctor` checks the installed fonts for, by fontconfig's language tags, with a
    /// name for each and the Debian package whose Noto fonts cover it.
    static let scripts: [(language: String, name: String, package: String)] = [
        ("en", "Latin", "fonts-dejavu-core"), ("el", "Greek", "fonts-dejavu-core"), ("ru", "Cyrillic", "fonts-dejavu-core"),
        ("ar", "Arabic", "fonts-noto-core"), ("he", "Hebrew", "fonts-noto-core"), ("hi", "Devanagari", "fonts-noto-core"),
        ("bn", "Bengali", "fonts-noto-core"), ("ta", "Tamil", "fonts-noto-core"), ("th", "Thai", "fonts-noto-core"),
        ("ja", "Japanese", "fonts-noto-cjk"), ("zh-cn", "Chinese (simplified)", "fonts-noto-cjk"),
        ("zh-tw", "Chinese (traditional)", "fonts-noto-cjk"), ("ko", "Korean", "fonts-noto-cjk")
    ]

    static func all(workDirectory: String) -> [MachineCheck] {
        let versions = LibraryVersions.current()
        var checks: [MachineCheck] = []
        checks.append(.init(status: .ok, required: true, subject: "FFmpeg", detail: versions.ffmpegRelease))
        for library in versions.ffmpegLibraries {
            checks.append(.init(status: .ok, required: true, subject: library.name, detail: library.version))
        }
        checks.append(.init(status: .ok, required: true, subject: "libyaml", detail: YAMLLibrary.version))
        checks.append(.init(status: .ok, required: true, subject: "FreeType", detail: versions.freetype))
        for library in versions.text {
            checks.append(.init(status: .ok, required: true, subject: library.name, detail: library.version))
        }
        for encoder in EncoderAvailability.check() {
            let fix = "not in this FFmpeg build; run: apt-get install -y \(encoder.debianPackage)"
            checks.append(
                .init(
                    status: encoder.available ? .ok : .missing,
                    required: encoder.required,
                    subject: "encoder \(encoder.name)",
                    detail: encoder.available ? "available" : fix
                ))
        }
        let font = TextStyle.defaultFontPath
        let hasFont = FileManager.default.fileExists(atPath: font)
        checks.append(
            .init(
                status: hasFont ? .ok : .missing, required: true, subject: "default font",
                detail: hasFont ? font : "\(font) not found; run: apt-get install -y fonts-dejavu-core"
            ))
        let covered = FontFallback.coverage(of: scripts.map(\.language))
        for (script, found) in zip(scripts, covered) {
            checks.append(
                .init(
                    status: found.family == nil ? .missing : .ok, required: false, subject: "\(script.name) text",
                    detail: found.family.map { "drawn with \($0)" } ?? "no installed font; run: apt-get install -y \(script.package)"
                ))
        }
        let emoji = FontFallback.file(for: "\u{1F600}", language: nil, colour: true)
        checks.append(
            .init(
                status: emoji == nil ? .missing : .ok, required: false, subject: "colour emoji",
                detail: emoji.map { URL(fileURLWithPath: $0.path).lastPathComponent }
                    ?? "no colour font; run: apt-get install -y fonts-noto-color-emoji"
            ))
        let faces = Result { try FaceAnalyzer.detector() }
        checks.append(
            .init(
                status: (try? faces.get()) != nil ? .ok : .missing, required: false, subject: "face cascades (fit: subject)",
                detail: (try? faces.get()) != nil ? "OpenCV's frontal and profile cascades" : "not found; run: apt-get install -y opencv-data"
            ))
        checks.append(diskCheck(workDirectory))
        return checks
    }

    private static func diskCheck(_ directory: String) -> MachineCheck {
        let minimum: Int64 = 1 << 30
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        guard let attributes = try? FileManager.default.attributesOfFileSystem(forPath: url.path),
            let free = (attributes[.systemFreeSize] as? NSNumber)?.int64Value
        else {
            return .init(
                status: .missing, required: true, subject: "free disk",
                detail: "cannot read the file system of \(url.path); create the folder, or name another with --work-dir")
        }
        let gib = String(format: "%.1f GiB", Double(free) / Double(1 << 30))
        return .init(
            status: free >= minimum ? .ok : .missing, required: true, subject: "free disk",
            detail: free >= minimum ? "\(gib) in \(url.path)" : "only \(gib) in \(url.path); renders need at least 1 GiB"
        )
    }
}

import Foundation
import Testing

/// The planning library must stay pure: no FFmpeg, FreeType or media layer, so it is testable without media.
@Suite("planning library layering")
struct PlanningPurityTests {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("no source file of DVPlanning imports a media module")
    func noMediaImports() throws {
        let folder = Self.sourceRoot.appendingPathComponent("Sources/DVPlanning")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" }
        #expect(!files.isEmpty)
        let forbidden = ["CFFmpeg", "CFreeType", "DVMedia", "DVRender"]
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("import ") {
                for module in forbidden {
                    #expect(!line.contains("import \(module)"), "\(file.lastPathComponent) imports \(module)")
                }
            }
        }
    }

    @Test("Package.swift gives DVPlanning no dependency but libyaml")
    func manifestDependencies() throws {
        let manifest = try String(contentsOf: Self.sourceRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(
            manifest.split(separator: "\n").first { $0.contains(".target(name: \"DVPlanning\"") }
        )
        #expect(declaration.contains("dependencies: [\"CLibYAML\"]"))
    }
}

import Foundation
import Testing

/// The planning library must stay pure: no FFmpeg, FreeType or media layer, so it is testable without media;
/// it reads YAML with libyaml and XMP sidecars with DVXML, which has no dependency of its own.
/// A module that is not a dependency cannot be imported (the build fails), so the manifest is what to guard.
@Suite("planning library layering")
struct PlanningPurityTests {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Package.swift gives DVPlanning no dependency but libyaml and the dependency-free XML reader")
    func manifestDependencies() throws {
        let manifest = try String(contentsOf: Self.sourceRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(
            manifest.split(separator: "\n").first { $0.contains(".target(name: \"DVPlanning\"") }
        )
        #expect(declaration.contains("dependencies: [\"CLibYAML\", \"DVXML\"]"))
        let xml = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"DVXML\"") })
        #expect(!xml.contains("dependencies:"))
    }
}

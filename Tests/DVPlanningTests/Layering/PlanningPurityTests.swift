import Foundation
import Testing

/// The planning library must stay pure: no FFmpeg, FreeType or media layer, so it is testable without media;
/// it reads YAML with libyaml and XMP sidecars with DVXML, and re-exports DVMediaFacts (what a media file holds, the
/// words it shares with DVMedia), neither of which has a dependency of its own.
/// A module that is not a dependency cannot be imported (the build fails), so the manifest is what to guard.
@Suite("planning library layering")
struct PlanningPurityTests {
    static let sourceRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Package.swift gives DVPlanning no dependency but libyaml, the XML reader and the media facts, those two dependency-free")
    func manifestDependencies() throws {
        let manifest = try String(contentsOf: Self.sourceRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = try #require(
            manifest.split(separator: "\n").first { $0.contains(".target(name: \"DVPlanning\"") }
        )
        #expect(declaration.contains("dependencies: [\"CLibYAML\", \"DVXML\", \"DVMediaFacts\"]"))
        for leaf in ["DVXML", "DVMediaFacts"] {
            let target = try #require(manifest.split(separator: "\n").first { $0.contains(".target(name: \"\(leaf)\"") })
            #expect(!target.contains("dependencies:"))
        }
    }
}

import Foundation

/// Folders of the package, found from this source file (no resource bundle needed).
enum PackagePaths {
    /// The package root (the folder holding Package.swift).
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tests/DVPlanningTests/Fixtures/<name>`.
    static func fixtures(_ name: String) -> URL {
        root.appendingPathComponent("Tests/DVPlanningTests/Fixtures").appendingPathComponent(name)
    }

    /// The files in a folder with one of `extensions`, sorted by name.
    static func files(in folder: URL, extensions: Set<String>? = nil) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
            .filter { extensions?.contains($0.pathExtension) ?? !$0.lastPathComponent.hasPrefix(".") }
    }
}

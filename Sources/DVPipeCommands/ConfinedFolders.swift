import ArgumentParser
import Foundation

/// The folders `--confine` names: each must be an existing folder, or the command would allow nothing; or the
/// URL prefix of a library on a server (`https://host/photos/`, `s3://bucket/roll/`).
enum ConfinedFolders {
    static func check(_ folders: [String]) throws {
        for folder in folders where !folder.contains("://") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--confine takes an existing folder or a server address prefix; '\(folder)' is neither")
            }
        }
    }
}

import ArgumentParser
import Foundation

/// The folders `--confine` names: each must be an existing folder, or the command would allow nothing.
enum ConfinedFolders {
    static func check(_ folders: [String]) throws {
        for folder in folders {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--confine takes an existing folder; '\(folder)' is not one")
            }
        }
    }
}

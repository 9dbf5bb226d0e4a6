import DVMedia
import DVRemote
import Foundation

/// The assemble stage's manifest (`assemble.json`): what the output was last assembled from and the file
/// it came to, so that `status` can tell an up-to-date output from a stale one and `run` can keep an
/// output that is already exactly what it would write. The output is named relative to the work folder, so
/// a work folder moved with its project still knows its output.
package struct AssembleManifest: Sendable, Hashable, Codable, VersionedManifest {
    /// The format of this manifest; a record of another version is ignored.
    package static let currentVersion = 2

    package var version: Int
    /// The hash of everything joined (see `AssembleStage.inputs`).
    package var inputs: String
    /// The output file, relative to the work folder.
    package var outputPath: String
    package var frameCount: Int
    package var byteCount: Int64
    /// SHA-256 of the output file.
    package var fileHash: String
    /// The output file's modification time when it was written (seconds since 1970): a quick check for
    /// `status` on the machine that wrote it; elsewhere the SHA-256 decides.
    package var modificationTime: Double

    package init(inputs: String, outputPath: String, frameCount: Int, byteCount: Int64, fileHash: String, modificationTime: Double) {
        version = Self.currentVersion
        self.inputs = inputs
        self.outputPath = outputPath
        self.frameCount = frameCount
        self.byteCount = byteCount
        self.fileHash = fileHash
        self.modificationTime = modificationTime
    }
}

/// How the output file stands against the current plan.
package enum OutputState: String, Sendable {
    /// There is no output file.
    case missing
    /// The output is what assembling the current plan would write.
    case upToDate = "up to date"
    /// The output was made from other segments, sound or subtitles, or changed since it was written.
    case stale
}

extension WorkFolder {
    /// Records what `output` (named `name` in `outputs:`, nil for a job's one output) was assembled from.
    func recordAssembly(inputs: String, output: URL, name: String?, frameCount: Int) throws -> AssembleManifest {
        let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
        let manifest = AssembleManifest(
            inputs: inputs, outputPath: relativePath(to: output), frameCount: frameCount,
            byteCount: (attributes[.size] as? NSNumber)?.int64Value ?? 0, fileHash: try ContentHash.hex(ofFileAt: output.path),
            modificationTime: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        )
        try manifest.write(to: assembleFile(output: name))
        return manifest
    }

    /// The record of the last assembly; nil if none (or in another format).
    func recordedAssembly(output name: String?) -> AssembleManifest? {
        AssembleManifest.read(from: assembleFile(output: name))
    }

    /// How `output` stands against an assembly of `inputs`. The record must name the same inputs and path,
    /// and the file must have the recorded size and modification time, or, with `checkContent`, the recorded
    /// SHA-256.
    func outputState(inputs: String, output: URL, name: String?, checkContent: Bool) -> OutputState {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: output.path) else { return .missing }
        guard let record = recordedAssembly(output: name), record.inputs == inputs, record.outputPath == relativePath(to: output),
            (attributes[.size] as? NSNumber)?.int64Value == record.byteCount
        else { return .stale }
        if checkContent {
            return (try? ContentHash.hex(ofFileAt: output.path)) == record.fileHash ? .upToDate : .stale
        }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
        return modified == record.modificationTime ? .upToDate : .stale
    }
}

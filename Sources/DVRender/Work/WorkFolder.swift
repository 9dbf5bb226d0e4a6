import DVFiles
import Foundation

/// The folder where a job's index, plan, segments and manifests live (default `.dvpipe/<job name>` next to the job).
package struct WorkFolder: Sendable {
    /// The folder itself.
    package let root: URL

    package init(root: URL) {
        self.root = root
    }

    /// The default work folder for a job file: `.dvpipe/<job file stem>/` beside it.
    package static func `default`(forJob jobFile: URL) -> WorkFolder {
        let stem = jobFile.deletingPathExtension().lastPathComponent
        return WorkFolder(root: jobFile.deletingLastPathComponent().appendingPathComponent(".dvpipe/\(stem)", isDirectory: true))
    }

    /// The cached media index.
    package var indexFile: URL { root.appendingPathComponent("index.bin") }
    /// The content digests of the files the reel reads, with the stamps they had (`ContentDigests`).
    package var digestsFile: URL { root.appendingPathComponent("digests.json") }
    /// The blocks fetched of library files on servers (`BlockCache`), reused by every stage and run.
    package var libraryBlocksFolder: URL { root.appendingPathComponent("library-blocks", isDirectory: true) }
    /// The analyses of clips for `start: auto` and `order: best`, by content digest.
    package var momentsFile: URL { root.appendingPathComponent("moments.json") }
    /// The faces found in chosen clips for `fit: subject` (`FaceCache`).
    package var facesFile: URL { root.appendingPathComponent("faces.json") }
    /// The photos' analyses (`StillCache`).
    package var stillsFile: URL { root.appendingPathComponent("stills.json") }
    /// The load stage's manifest: the plan the segments were made from.
    package var planFile: URL { root.appendingPathComponent("plan.json") }
    /// Encoded segments and their records.
    package var segmentsFolder: URL { root.appendingPathComponent("segments", isDirectory: true) }
    /// The encoded audio track and its records.
    package var audioFolder: URL { root.appendingPathComponent("audio", isDirectory: true) }
    /// The assemble stage's manifest of the output named `name` in `outputs:` (`assemble-NAME.json`), or of
    /// the job's one `output:` (`assemble.json`): what it was last made of.
    package func assembleFile(output name: String?) -> URL {
        root.appendingPathComponent(name.map { "assemble-\($0).json" } ?? "assemble.json")
    }

    /// The encoded segments, each a file named by its key with its record beside it.
    package var segments: SegmentFolder { SegmentFolder(folder: segmentsFolder) }

    /// The path of `file` relative to the work folder (`../../out/dec.mp4`), for manifests that must stay
    /// true when the project is moved or restored elsewhere with its work folder.
    func relativePath(to file: URL) -> String {
        let from = root.standardizedFileURL.pathComponents
        let to = file.standardizedFileURL.pathComponents
        let shared = zip(from, to).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: from.count - shared) + to.dropFirst(shared)).joined(separator: "/")
    }

    /// The file that marks a folder as a dvpipe work folder, so `clean` never deletes anything else.
    var markerFile: URL { root.appendingPathComponent(".dvpipe-work") }

    /// Creates the folders if they are missing.
    package func prepare() throws {
        for folder in [root, segmentsFolder, audioFolder] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        if !FileManager.default.fileExists(atPath: markerFile.path) {
            try Data("dvpipe work folder: safe to delete with `dvpipe clean`\n".utf8).write(to: markerFile)
        }
    }

    /// Deletes temporary files (`.NAME.HOST.PID.partial`, `.NAME.HOST.PID.tmp`) left in the segment and audio
    /// folders by processes of this host that no longer run (a render killed with SIGKILL), and those of
    /// other hosts untouched for `othersAfter` seconds; files of live processes (other shards, other hosts
    /// sharing the folder) stay.
    package func removeAbandonedTemporaries(othersAfter: TimeInterval = 3600) {
        let audioChunks = audioFolder.appendingPathComponent("chunks", isDirectory: true)
        for folder in [segmentsFolder, audioFolder, audioChunks, beatGridsFolder] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names {
                guard let writer = FileSync.writer(ofTemporary: name) else { continue }
                let file = folder.appendingPathComponent(name)
                if writer.host == FileSync.hostName {
                    guard FileSync.isGone(writer.pid) else { continue }
                } else {
                    let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]) as? Date
                    guard let modified, Date().timeIntervalSince(modified) > othersAfter else { continue }
                }
                try? FileManager.default.removeItem(at: file)
            }
        }
    }

    /// Deletes the whole work folder; false if there was none. Refuses a folder dvpipe did not make.
    @discardableResult
    package func remove() throws -> Bool {
        guard FileManager.default.fileExists(atPath: root.path) else { return false }
        guard FileManager.default.fileExists(atPath: markerFile.path) else {
            throw RenderError.notAWorkFolder(path: root.path)
        }
        try FileManager.default.removeItem(at: root)
        return true
    }
}

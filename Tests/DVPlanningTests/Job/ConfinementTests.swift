import DVTestBasics
import Foundation
import Testing

@testable import DVPlanning

/// `Confinement`: where a path leads, judged one name at a time, and server addresses compared after decoding;
/// presets read once each, within their caps, and built-in theme names that no file may take.
struct ConfinementTests {
    /// allowed/ (with sub/, a file, links in, out, in a loop and up) beside outside/.
    final class Tree {
        let folder: TemporaryFolder
        var allowed: String { folder.url.appendingPathComponent("allowed").path }
        var outside: String { folder.url.appendingPathComponent("outside").path }

        init() throws {
            folder = try TemporaryFolder("confinement")
            _ = try folder.subfolder("allowed/sub")
            _ = try folder.subfolder("outside")
            try Data().write(to: URL(fileURLWithPath: allowed + "/sub/file.txt"))
            let links = ["in": "sub", "out": outside, "loop": "loop", "up": "..", "outUp": outside + "/.."]
            for (name, target) in links {
                try FileManager.default.createSymbolicLink(atPath: allowed + "/" + name, withDestinationPath: target)
            }
        }
    }

    @Test("paths inside, missing inside, through links in and up stay inside with their real path; out, loops and .. past the top do not")
    func resolution() throws {
        let tree = try Tree()
        let confinement = Confinement(allowed: [tree.allowed])
        #expect(confinement.resolve(tree.allowed + "/sub/file.txt") == .inside(tree.allowed + "/sub/file.txt"))
        #expect(confinement.resolve(tree.allowed + "/in/file.txt") == .inside(tree.allowed + "/sub/file.txt"))
        #expect(confinement.resolve(tree.allowed + "/sub/missing/deeper.txt") == .inside(tree.allowed + "/sub/missing/deeper.txt"))
        #expect(confinement.resolve(tree.allowed + "/in/../sub/file.txt") == .inside(tree.allowed + "/sub/file.txt"))
        #expect(confinement.resolve(tree.allowed + "/out/secret") == .outside(tree.outside + "/secret"))
        #expect(confinement.resolve(tree.allowed + "/up/allowed/sub") == .inside(tree.allowed + "/sub"))
        #expect(confinement.resolve(tree.allowed + "/up/outside/x") == .outside(tree.outside + "/x"))
        #expect(confinement.resolve(tree.allowed + "/outUp/allowed/sub") == .outside(tree.outside + "/../allowed/sub"))
        #expect(confinement.resolve(tree.allowed + "/loop/x") == .tooManyLinks)
        #expect(confinement.resolve(tree.outside + "/x") == .outside(tree.outside + "/x"))
        #expect(confinement.resolve(tree.allowed) == .inside(tree.allowed))
    }

    @Test("the path a job names is cut by its names alone, without the file system")
    func lexicalPaths() {
        #expect(Confinement.lexical("/a/./b//c/../d") == "/a/b/d")
        #expect(Confinement.lexical("/../../x") == "/x")
        #expect(Confinement.lexical("/") == "/")
    }

    @Test("server prefixes compare decoded segments, the scheme's port and the host's case; escaped dots and slashes make no prefix")
    func serverPrefixes() throws {
        let prefix = try ServerAddress("https://cloud.example/dav/Photos/")
        let inside = ["https://cloud.example/dav/Photos/2024/", "https://CLOUD.example:443/dav/Photos/", "https://cloud.example/dav/%50hotos/x/"]
        for address in inside {
            #expect((try? ServerAddress(address)).map(prefix.contains) == true, "\(address)")
        }
        let outside = [
            "https://cloud.example/dav/PhotosOld/", "https://cloud.example:8443/dav/Photos/", "http://cloud.example/dav/Photos/",
            "https://other.example/dav/Photos/"
        ]
        for address in outside {
            #expect((try? ServerAddress(address)).map(prefix.contains) == false, "\(address)")
        }
        for address in [
            "https://cloud.example/dav/Photos/x%2F..%2F..%2Fprivate/", "https://cloud.example/dav/Photos/%2e%2e/",
            "https://cloud.example/dav/Photos/../x/",
            "https://u:p@cloud.example/dav/Photos/", "s3://roll/Photos/x%2F..%2F..%2Fprivate/", "s3://roll/Photos/../"
        ] {
            #expect((try? ServerAddress(address)) == nil, "\(address)")
        }
        let s3 = try ServerAddress("s3://roll/Été 2024/")
        #expect((try? ServerAddress("s3://roll/Été 2024/100%/")).map(s3.contains) == true, "S3 keys are taken as written")
    }

    @Test("an S3 library with escaped traversal is a located error; one under the prefix passes")
    func escapedS3Prefixes() throws {
        let folder = try TemporaryFolder("confinement-s3")
        for (library, passes) in [("s3://family-roll/ci/x%2F..%2F..%2Fprivate/", false), ("s3://family-roll/ci/2024/", true)] {
            let result = JobLoader.load(
                text: "version: 1\nlibrary: { paths: [\"\(library)\"] }\ntimeframe: { month: 2024-12 }\noutput: { path: reel.mp4 }\n",
                file: "job.yaml",
                directory: folder.url.path, allowedFolders: [folder.url.path, "s3://family-roll/ci/"])
            #expect(result.errors.isEmpty == passes, "\(library): \(result.errors)")
            #expect(passes || result.errors.first?.location.line == 2)
        }
    }

    @Test("publishing under --confine needs --confine-publish: a read prefix does not allow it")
    func publishPrefixes() throws {
        let folder = try TemporaryFolder("confinement-publish")
        let job = """
            version: 1
            library: { paths: ["https://cloud.example/dav/Photos/"] }
            timeframe: { month: 2024-12 }
            output: { path: reel.mp4, publish: "https://cloud.example/dav/Photos/reels/" }

            """
        let allowed = [folder.url.path, "https://cloud.example/dav/Photos/"]
        let readOnly = JobLoader.load(text: job, file: "job.yaml", directory: folder.url.path, allowedFolders: allowed)
        #expect(readOnly.errors.count == 1 && readOnly.errors[0].location.line == 4, "\(readOnly.errors)")
        #expect(readOnly.errors.first?.message.contains("--confine-publish") == true)
        let writable = JobLoader.load(
            text: job, file: "job.yaml", directory: folder.url.path, allowedFolders: allowed,
            publishPrefixes: ["https://cloud.example/dav/Photos/reels/"])
        #expect(writable.errors.isEmpty, "\(writable.errors)")
    }

    @Test("a diamond of presets (3 levels of 40, each extending all of the next) is read once each and validates")
    func presetDiamond() throws {
        let folder = try TemporaryFolder("confinement-diamond")
        let width = 40
        for level in 0..<3 {
            for index in 0..<width {
                let next = level < 2 ? "extends: [" + (0..<width).map { "p\(level + 1)-\($0).yaml" }.joined(separator: ", ") + "]\n" : ""
                try Data((next + "output: { video: { crf: \(20 + level) } }\n").utf8).write(
                    to: folder.url.appendingPathComponent("p\(level)-\(index).yaml"))
            }
        }
        let job = """
            version: 1
            extends: [\((0..<width).map { "p0-\($0).yaml" }.joined(separator: ", "))]
            library: { paths: [media] }
            timeframe: { month: 2024-12 }
            output: { path: reel.mp4 }

            """
        let root = try #require(YAMLParser().parse(Array(job.utf8), file: "job.yaml").root)
        let composition = JobComposition(root: root, file: "job.yaml", folder: folder.url.path)
        #expect(composition.diagnostics.isEmpty, "\(composition.diagnostics)")
        #expect(composition.folders.count == 1 + 3 * width, "each preset registered once")
        let result = JobLoader.load(text: job, file: "job.yaml", directory: folder.url.path)
        #expect(result.errors.isEmpty)
        #expect(result.job?.output.video.crf == 20, "the job's nearest presets win")
    }

    @Test("a chain deeper than the cap is an error at the extends: entry that passes it")
    func presetDepthCap() throws {
        let folder = try TemporaryFolder("confinement-depth")
        let depth = JobComposition.depthLimit + 2
        for index in 0..<depth {
            let text = index + 1 < depth ? "extends: p\(index + 1).yaml\n" : "output: { video: { crf: 30 } }\n"
            try Data(text.utf8).write(to: folder.url.appendingPathComponent("p\(index).yaml"))
        }
        let job = "version: 1\nextends: p0.yaml\nlibrary: { paths: [media] }\ntimeframe: { month: 2024-12 }\noutput: { path: reel.mp4 }\n"
        let errors = JobLoader.load(text: job, file: "job.yaml", directory: folder.url.path).errors
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.file == "p\(JobComposition.depthLimit - 1).yaml" && errors.first?.location.line == 1, "\(errors)")
        #expect(errors.first?.message.contains("at most \(JobComposition.depthLimit)") == true)
    }
}

import DVMedia
import DVRender
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe review` over the demo library, as a user runs it: the page's cells and hooks, posters that
/// decode, a second run that keeps them, unreadable and oddly named clips, and a job that does not plan.
@Suite(.tags(.endToEnd)) struct ReviewCommandTests {
    /// The `media/…` files `html` names, in order, without repeats.
    static func mediaFiles(in html: String) -> [String] {
        var seen: Set<String> = []
        return html.components(separatedBy: "\"media/").dropFirst().compactMap { part in
            let name = String(part.prefix { $0 != "\"" && $0 != "'" })
            return seen.insert(name).inserted ? name : nil
        }
    }

    /// The inode of the file at `url`.
    static func inode(_ url: URL) throws -> UInt64 {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? UInt64)
    }

    @Test func theDemoPageHasACellPerDayPostersThatDecodeAndASecondRunKeepsThem() async throws {
        let scratch = try TemporaryFolder("review")
        let job = try await DemoLibrary.jobCopy(in: scratch)
        let folder = scratch.url
        let result = try DVPipeProcess.run(["review", job.path, "-o", "page"], in: folder)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("Wrote page/index.html: 31 days, 24 with media"))
        let page = folder.appendingPathComponent("page")
        for name in ["index.html", "review.css", "review.js"] {
            #expect(FileManager.default.fileExists(atPath: page.appendingPathComponent(name).path), "\(name)")
        }
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        for number in 1...31 {
            #expect(html.components(separatedBy: String(format: "data-date=\"2024-12-%02d\"", number)).count == 2)
        }
        // Each day offers at most four other clips; the demo's Dec 6 has two clips, one pinned to Dec 8.
        for cell in html.components(separatedBy: "<li class=\"day").dropFirst() {
            #expect(cell.components(separatedBy: "data-action=\"choose\"").count <= 5)
        }
        #expect(html.contains("data-status=\"pinned\"") && html.contains("data-status=\"skipped\""))
        let posters = Self.mediaFiles(in: html)
        #expect(posters.count >= 24)
        let thumbnailer = try ClipThumbnailer(width: 32, height: 18)
        for name in posters {
            let url = page.appendingPathComponent("media").appendingPathComponent(name)
            _ = try thumbnailer.thumbnail(ofPhoto: .file(url.path))
        }
        let first = try Self.inode(page.appendingPathComponent("media").appendingPathComponent(posters[0]))

        let again = try DVPipeProcess.run(["review", job.path, "-o", "page"], in: folder)
        #expect(again.status == 0, "stderr: \(again.standardError)")
        #expect(try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8) == html)
        #expect(try Self.inode(page.appendingPathComponent("media").appendingPathComponent(posters[0])) == first)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".page") }
        #expect(left.isEmpty, "temporary folders left: \(left)")
    }

    @Test func anUnreadableCandidateIsNamedAndOddNamesAreEscaped() async throws {
        let demo = try await DemoLibrary.folder().appendingPathComponent("library")
        let scratch = try TemporaryFolder("review")
        let folder = scratch.url
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let stamp = [FileAttributeKey.modificationDate: Date(timeIntervalSince1970: 1_733_000_000)]
        let odd = "family \"day\" <1> & 家族\nعيد.MOV"
        for (name, copy) in [("IMG_0006.MOV", "IMG_0006.MOV"), ("IMG_0007.MOV", odd)] {
            try FileManager.default.copyItem(at: demo.appendingPathComponent(name), to: library.appendingPathComponent(copy))
            try FileManager.default.setAttributes(stamp, ofItemAtPath: library.appendingPathComponent(copy).path)
        }
        let job = folder.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [library], timezone: America/Los_Angeles }
        timeframe: { from: 2024-12-05, to: 2024-12-07 }
        output: { path: out.mp4 }

        """.write(to: job, atomically: true, encoding: .utf8)
        #expect(try DVPipeProcess.run(["plan", job.path]).status == 0)
        // Same size and modification time: the cached index still trusts the file, but it no longer decodes.
        let damaged = library.appendingPathComponent(odd)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: damaged.path)[.size] as? Int)
        try Data(repeating: 0x42, count: size).write(to: damaged)
        try FileManager.default.setAttributes(stamp, ofItemAtPath: damaged.path)

        let result = try DVPipeProcess.run(["review", job.path, "-o", "page"], in: folder)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("unreadable \(odd):"))
        let html = try String(contentsOf: folder.appendingPathComponent("page/index.html"), encoding: .utf8)
        let escaped = HTMLText.escaped(odd)
        #expect(escaped == "family &quot;day&quot; &lt;1&gt; &amp; 家族&#10;عيد.MOV")
        #expect(html.contains("<bdi>\(escaped)</bdi> is unreadable"))
        #expect(!html.contains("<1>"))
    }

    @Test func aJobThatDoesNotPlanWritesNothing() throws {
        let scratch = try TemporaryFolder("review")
        let job = scratch.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [library] }
        timeframe: { month: 2024-13 }
        output: { path: out.mp4 }

        """.write(to: job, atomically: true, encoding: .utf8)
        let result = try DVPipeProcess.run(["review", job.path, "-o", "page"], in: scratch.url)
        #expect(result.status == 2)
        #expect(result.standardError.contains("job.yaml:3:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["job.yaml"])
    }

    @Test func aFolderThatIsNotAReviewPageIsNeverReplaced() async throws {
        let scratch = try TemporaryFolder("review")
        let job = try await DemoLibrary.jobCopy(in: scratch)
        let notes = scratch.url.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: notes.appendingPathComponent("index.html"))
        for target in ["notes", "demo.yaml"] {
            let result = try DVPipeProcess.run(["review", job.path, "-o", target], in: scratch.url)
            #expect(result.status == 1)
            #expect(result.standardError.contains("exists and is not a review page"), "\(result.standardError)")
        }
        #expect(try Data(contentsOf: notes.appendingPathComponent("index.html")) == Data("keep me".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: notes.path) == ["index.html"])
        #expect(FileManager.default.fileExists(atPath: job.path))
    }

    @Test func helpHasAnExampleAndCandidatesAreBounded() throws {
        let help = try DVPipeProcess.run(["review", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("Example:") && help.standardOutput.contains("dvpipe review"))
        let bounded = try DVPipeProcess.run(["review", "job.yaml", "-o", "page", "--candidates", "13"])
        #expect(bounded.status == 64)
        #expect(bounded.standardError.contains("--candidates takes 0 to 12"))
    }
}

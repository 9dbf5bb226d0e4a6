import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `output.publish`: the finished reel uploaded to a real WebDAV server (rclone) and a real S3 server (moto,
/// checking signatures), read back by the servers' own files and botocore; a server that fails mid-upload
/// leaves nothing under the reel's name and one warning (an error under `--strict`); credentials never appear.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct PublishTests {
    /// A library of three dated clips and a job rendering them to out/reel-2024-11.mp4, published to `address`.
    private static func job(in folder: TemporaryFolder, publish address: String, overwrite: Bool? = nil) throws -> URL {
        if !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("media").path) {
            try DatedLibrary.writeClips(days: 3, in: folder)
        }
        let job = folder.url.appendingPathComponent("publish.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-18 }
        clips: { video: { duration: 1s } }
        output: { path: out/reel-2024-11.mp4, resolution: 160x90, fps: 10, publish: "\(address)"\(overwrite.map { ", publish_overwrite: \($0)" } ?? "") }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// A folder for test `name`, with rclone serving its `served/` folder writable (with `login` when given),
    /// in which reels go to the empty collection `family/`.
    private static func collection(_ name: String, login: (user: String, password: String)? = nil) throws -> (
        folder: TemporaryFolder, served: URL, webDAV: LibraryServer
    ) {
        let folder = try TemporaryFolder(name)
        let served = try folder.subfolder("served")
        try FileManager.default.createDirectory(at: served.appendingPathComponent("family"), withIntermediateDirectories: true)
        return (folder, served, try LibraryServer.rclone(serving: served, login: login, writable: true))
    }

    @Test("a reel published to rclone's WebDAV and to moto's S3 (signed) is the local file byte for byte; --no-publish uploads nothing")
    func publishedToBothServers() throws {
        let (folder, served, webDAV) = try Self.collection("publish")
        let job = try Self.job(in: folder, publish: webDAV.url + "family/")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let local = try Data(contentsOf: folder.url.appendingPathComponent("out/reel-2024-11.mp4"))
        let published = try Data(contentsOf: served.appendingPathComponent("family/reel-2024-11.mp4"))
        #expect(published == local && !local.isEmpty)
        #expect(run.standardError.contains("published \(folder.url.path)/out/reel-2024-11.mp4 to \(webDAV.url)family/reel-2024-11.mp4"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: served.appendingPathComponent("family").path)
        #expect(leftovers == ["reel-2024-11.mp4"], "no temporary file is left: \(leftovers)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out").path)
        #expect(beside == ["reel-2024-11.mp4"], "the read-back downloaded beside the reel is deleted: \(beside)")

        let empty = try folder.subfolder("empty")
        let (moto, environment) = try LibraryServer.moto(serving: empty, bucket: "reels", prefix: "", signed: true)
        let s3Folder = try TemporaryFolder("publish-s3")
        let s3Job = try Self.job(in: s3Folder, publish: "s3://reels/family/")
        let s3Run = try DVPipeProcess.run(["run", s3Job.path, "--progress", "none", "--strict"], environment: environment)
        try #require(s3Run.status == 0, "\(s3Run.standardError)")
        let python = StoreServer.sourceRoot.appendingPathComponent(".build-stores/venv/bin/python").path
        let download = try ReferenceCommand.output(
            python,
            [
                "-c",
                "import boto3,sys;sys.stdout.buffer.write(boto3.client('s3',endpoint_url=sys.argv[1],region_name='us-east-1',"
                    + "aws_access_key_id=sys.argv[2],aws_secret_access_key=sys.argv[3]).get_object(Bucket='reels',Key='family/reel-2024-11.mp4')['Body'].read())",
                try #require(environment["AWS_ENDPOINT_URL"]), try #require(environment["AWS_ACCESS_KEY_ID"]),
                try #require(environment["AWS_SECRET_ACCESS_KEY"])
            ])
        #expect(download == (try Data(contentsOf: s3Job.deletingLastPathComponent().appendingPathComponent("out/reel-2024-11.mp4"))))
        #expect(download == local, "the same job over the same clips: the same reel, wherever it is published")
        _ = moto

        let proxy = try LibraryServer.proxy(before: webDAV)
        let skipFolder = try TemporaryFolder("publish-skip")
        let skipped = try Self.job(in: skipFolder, publish: proxy.url + "family/")
        let skip = try DVPipeProcess.run(["run", skipped.path, "--progress", "none", "--no-publish"])
        #expect(skip.status == 0 && !skip.standardError.contains("published"))
        #expect(proxy.requests().isEmpty, "--no-publish sends nothing: \(proxy.requests())")
    }

    @Test("an upload cut off mid-way leaves nothing under the reel's name and one warning, an error under --strict; the login never shows")
    func failedUpload() throws {
        let password = "s3cret-Pa55"
        let (folder, served, webDAV) = try Self.collection("publish-fault", login: ("family", password))
        let proxy = try LibraryServer.proxy(before: webDAV, ["--fault", "truncate-upload", "--methods", "PUT", "--count", "1000"])
        let job = try Self.job(in: folder, publish: proxy.url + "family/")
        let header = "Authorization: Basic " + Data("family:\(password)".utf8).base64EncodedString()
        let environment = ["DVPIPE_PUBLISH_HEADER": header, "DVPIPE_LIBRARY_TIMEOUT": "5"]

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: environment)
        #expect(run.status == 0, "a failed upload is a warning: \(run.standardError)")
        let warnings = run.standardError.split(separator: "\n").filter { $0.contains("publishing to") }
        #expect(warnings.count == 1, "\(run.standardError)")
        #expect(warnings.first?.hasPrefix("warning: publishing to \(proxy.url)family/reel-2024-11.mp4 failed") == true)
        #expect(warnings.first?.contains("the reel stays at \(folder.url.path)/out/reel-2024-11.mp4") == true)
        #expect(!FileManager.default.fileExists(atPath: served.appendingPathComponent("family/reel-2024-11.mp4").path))
        #expect(proxy.requests().filter { $0.method == "PUT" }.count >= 2, "the upload was tried again before giving up")
        let left = try FileManager.default.contentsOfDirectory(atPath: served.appendingPathComponent("family").path)
        #expect(
            left.allSatisfy { $0.hasPrefix(".reel-2024-11.mp4.") && $0.hasSuffix(".dvpipe-upload") },
            "at most the hidden temporary name (deleted, unless the server finished writing its part after the DELETE): \(left)")

        let strict = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--strict"], environment: environment)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("error: --strict: publishing to \(proxy.url)family/reel-2024-11.mp4 failed"))
        #expect(!FileManager.default.fileExists(atPath: served.appendingPathComponent("family/reel-2024-11.mp4").path))
        for printed in [run.standardError, run.standardOutput, strict.standardError, strict.standardOutput] {
            #expect(!printed.contains(password) && !printed.contains(Data("family:\(password)".utf8).base64EncodedString()))
        }
    }

    @Test(
        "a reel already under the name stays, with one warning, unless the output says publish_overwrite: true (WebDAV Overwrite: F, S3 HEAD and If-None-Match)"
    )
    func anExistingReelIsReplacedOnlyWhenTheJobSaysSo() throws {
        let (folder, served, webDAV) = try Self.collection("publish-existing")
        let family = served.appendingPathComponent("family")
        let old = Data("last month's reel".utf8)
        try old.write(to: family.appendingPathComponent("reel-2024-11.mp4"))
        let kept = try DVPipeProcess.run(["run", try Self.job(in: folder, publish: webDAV.url + "family/").path, "--progress", "none"])
        #expect(kept.status == 0 && kept.standardError.contains("already exists and is left as it is"), "\(kept.standardError)")
        #expect(try Data(contentsOf: family.appendingPathComponent("reel-2024-11.mp4")) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: family.path) == ["reel-2024-11.mp4"], "the temporary file is deleted")
        let replaced = try DVPipeProcess.run(
            ["run", try Self.job(in: folder, publish: webDAV.url + "family/", overwrite: true).path, "--progress", "none", "--strict"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        let local = try Data(contentsOf: folder.url.appendingPathComponent("out/reel-2024-11.mp4"))
        #expect(try Data(contentsOf: family.appendingPathComponent("reel-2024-11.mp4")) == local)

        let empty = try folder.subfolder("empty")
        let (moto, environment) = try LibraryServer.moto(serving: empty, bucket: "reels", prefix: "", signed: true)
        let python = StoreServer.sourceRoot.appendingPathComponent(".build-stores/venv/bin/python").path
        let keys = [
            try #require(environment["AWS_ENDPOINT_URL"]), try #require(environment["AWS_ACCESS_KEY_ID"]),
            try #require(environment["AWS_SECRET_ACCESS_KEY"])
        ]
        let client =
            "import boto3,sys;c=boto3.client('s3',endpoint_url=sys.argv[1],region_name='us-east-1',aws_access_key_id=sys.argv[2],aws_secret_access_key=sys.argv[3]);"
        _ = try ReferenceCommand.output(
            python, ["-c", client + "c.put_object(Bucket='reels',Key='family/reel-2024-11.mp4',Body=b'last month')"] + keys)
        let read = client + "sys.stdout.buffer.write(c.get_object(Bucket='reels',Key='family/reel-2024-11.mp4')['Body'].read())"
        let s3Kept = try DVPipeProcess.run(
            ["run", try Self.job(in: folder, publish: "s3://reels/family/").path, "--progress", "none"], environment: environment)
        #expect(s3Kept.status == 0 && s3Kept.standardError.contains("already exists and is left as it is"), "\(s3Kept.standardError)")
        #expect(try ReferenceCommand.output(python, ["-c", read] + keys) == Data("last month".utf8))
        let s3Replaced = try DVPipeProcess.run(
            ["run", try Self.job(in: folder, publish: "s3://reels/family/", overwrite: true).path, "--progress", "none", "--strict"],
            environment: environment)
        #expect(s3Replaced.status == 0, "\(s3Replaced.standardError)")
        #expect(try ReferenceCommand.output(python, ["-c", read] + keys) == local)
        _ = moto
    }

    @Test("the library's header never goes to the publishing server: DVPIPE_PUBLISH_HEADER does")
    func theLibraryHeaderStaysWithTheLibrary() throws {
        let password = "pub-7a2e-secret"
        let (folder, served, webDAV) = try Self.collection("publish-header", login: ("family", password))
        let job = try Self.job(in: folder, publish: webDAV.url + "family/")
        let header = "Authorization: Basic " + Data("family:\(password)".utf8).base64EncodedString()
        let library = try DVPipeProcess.run(["run", job.path, "--progress", "none"], environment: ["DVPIPE_LIBRARY_HEADER": header, "NETRC": ""])
        #expect(library.status == 0 && library.standardError.contains("PUT answered HTTP 401"), "\(library.standardError)")
        let publish = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--strict"], environment: ["DVPIPE_PUBLISH_HEADER": header])
        #expect(publish.status == 0, "\(publish.standardError)")
        #expect(FileManager.default.fileExists(atPath: served.appendingPathComponent("family/reel-2024-11.mp4").path))
    }

    @Test("--publish-as for a job with two outputs that publish is refused before anything is rendered")
    func publishAsNeedsOneOutput() throws {
        let folder = try TemporaryFolder("publish-as")
        let job = folder.url.appendingPathComponent("two.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-18 }
        outputs:
          - { name: wide, path: out/wide.mp4, publish: "https://cloud.example/reels/" }
          - { name: tall, path: out/tall.mp4, resolution: 90x160, publish: "https://cloud.example/reels/" }

        """.write(to: job, atomically: true, encoding: .utf8)
        try DatedLibrary.writeClips(days: 1, in: folder)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--publish-as", "reel.mp4"])
        #expect(run.status == 64, "a usage error: \(run.standardError)")
        #expect(run.standardError.contains("--publish-as names one file, but 2 outputs publish (wide, tall)"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".dvpipe").path), "nothing was scanned or rendered")
    }
}

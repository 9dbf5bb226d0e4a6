import DVTestBasics
import Foundation
import Testing

/// Files that name other inputs (HLS playlists, DASH manifests, ffconcat lists, VobSub indexes, SDP
/// sessions), made at test time to point at a private file outside the project and at a second
/// HTTP server on 127.0.0.1: as a library clip each is "not a media file", named, and its day falls back to
/// its next clip with `plan` and `run` agreeing (the reel's bytes those of the library without it); as music
/// or an overlay's picture or movie each is an error at the job's line that names it. Under `strace -f`, dvpipe never opens, stats or reads
/// the private file, nor the names the files list, nor connects to the second server, which receives nothing.
@Suite(.serialized, .tags(.endToEnd)) struct HostileMediaTests {
    /// A kind of file that names other inputs, and how FFmpeg 5.1 calls its demuxer.
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case hls, dash, concat, vobsub, sdp

        var testDescription: String { rawValue }

        /// The file's text, naming `secret` (a movie outside the project), `link` (a movie beside the file, for
        /// the formats that open only such names) and the second server at `server`.
        func text(secret: String, link: String, server: String) -> String {
            switch self {
            case .hls:
                """
                #EXTM3U
                #EXT-X-TARGETDURATION:2
                #EXT-X-MEDIA-SEQUENCE:0
                #EXTINF:2,
                \(server)/hls-segment.ts
                #EXTINF:2,
                file:\(secret)
                #EXT-X-ENDLIST

                """
            case .dash:
                """
                <?xml version="1.0"?>
                <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S">
                 <Period>
                  <AdaptationSet mimeType="video/mp4">
                   <Representation id="1" bandwidth="1000" width="160" height="90" codecs="avc1.64000c"><BaseURL>\(server)/dash-segment.mp4</BaseURL></Representation>
                   <Representation id="2" bandwidth="2000" width="160" height="90" codecs="avc1.64000c"><BaseURL>file:\(secret)</BaseURL></Representation>
                  </AdaptationSet>
                 </Period>
                </MPD>

                """
            case .concat:
                "ffconcat version 1.0\nfile \(link)\nfile \(link)\n"
            case .vobsub:
                "# VobSub index file, v7 (do not modify this line!)\nsize: 160x90\nid: en, index: 0\ntimestamp: 00:00:00:000, filepos: 000000000\n"
            case .sdp:
                "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=video \(server.split(separator: ":").last ?? "") RTP/AVP 96\na=rtpmap:96 H264/90000\n"
            }
        }

        /// The name beside a file named `name` that its demuxer opens (here a copy of the private movie): the
        /// concat list's entry, the VobSub index's `.sub`. (A symbolic link to outside would be the library
        /// walk's to refuse, not FFmpeg's.)
        func link(besides name: String) -> String? {
            switch self {
            case .concat: "listed.dat"
            case .vobsub: (name as NSString).deletingPathExtension + ".sub"
            case .hls, .dash, .sdp: nil
            }
        }

        /// The extension a file of this kind has when a job names it (FFmpeg looks at HLS playlists' extensions).
        var jobFileExtension: String {
            switch self {
            case .hls: "m3u8"
            case .dash: "mpd"
            case .concat: "ffconcat"
            case .vobsub: "idx"
            case .sdp: "sdp"
            }
        }
    }

    /// The hostile clip's name: a later clip of 2024-11-17, a day that has a good clip of its own at noon.
    static let hostileClip = "VID_20241117_180000.mp4"

    /// A project with the first four days' clips, a private folder beside (not inside) it holding `secret.mp4`
    /// (a real movie), and the second server.
    struct Project {
        let folder: TemporaryFolder
        let privateFolder: TemporaryFolder
        var root: URL { folder.url }
        let secret: URL
        let recorder: RequestRecorder

        init() throws {
            folder = try TemporaryFolder("hostile-media")
            try DatedLibrary.fourDays(in: folder)
            privateFolder = try TemporaryFolder("hostile-media-private")
            secret = privateFolder.url.appendingPathComponent("secret.mp4")
            try FileManager.default.copyItem(at: folder.url.appendingPathComponent("media/\(DatedLibrary.clip(0).fileName)"), to: secret)
            recorder = try RequestRecorder()
        }

        /// Writes a file of `kind` as `name` in `folder` (with the movie its demuxer would open beside it).
        func write(_ kind: Kind, as name: String, in folder: URL) throws {
            let link = kind.link(besides: name)
            if let link {
                try FileManager.default.copyItem(at: secret, to: folder.appendingPathComponent(link))
            }
            try kind.text(secret: secret.path, link: link ?? "", server: recorder.url).write(
                to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }

        /// A job over `media/` for the four days, with `extra` lines.
        func job(_ extra: String = "") throws -> URL {
            let job = root.appendingPathComponent("job.yaml")
            try """
            version: 1
            library: { paths: [media], timezone: UTC }
            timeframe: { from: 2024-11-16, to: 2024-11-19 }
            output: { path: out/reel.mp4, resolution: 160x90, fps: 10 }
            \(extra)
            """.write(to: job, atomically: true, encoding: .utf8)
            return job
        }

        /// The calls of `traced` that touch the private folder or open the name a file of `kind` named `name`
        /// lists beside it.
        func forbidden(in traced: Straced, _ kind: Kind, _ name: String) -> [Substring] {
            traced.touching(privateFolder.url.path) + (kind.link(besides: name).map { traced.opening("/" + $0) } ?? [])
        }
    }

    /// The reel of the four days without any hostile file, rendered once: what each run must give.
    static let reel: Result<Data, any Error> = Result {
        let project = try Project()
        let run = try DVPipeProcess.run(["run", try project.job().path, "--progress", "none"])
        guard run.status == 0 else { throw StoreServer.Missing(description: "the plain run failed: \(run.standardError)") }
        return try Data(contentsOf: project.root.appendingPathComponent("out/reel.mp4"))
    }

    @Test(
        "a library clip that names other inputs is not a media file: named, its day falls back to its next clip, plan and run agree, nothing else opened",
        arguments: Kind.allCases)
    func asLibraryClip(kind: Kind) throws {
        let project = try Project()
        try project.write(kind, as: Self.hostileClip, in: project.root.appendingPathComponent("media"))
        let job = try project.job()
        let plan = try Straced(["plan", job.path])
        let run = try Straced(["run", job.path, "--progress", "none"])
        for (command, result) in [("plan", plan), ("run", run)] {
            #expect(result.result.status == 0, "\(command): \(result.result.standardError)")
            let printed = result.result.standardOutput + result.result.standardError
            #expect(printed.contains("\(Self.hostileClip) (2024-11-17)"), "\(command): \(printed)")
            #expect(printed.contains("not a media file"), "\(command): \(printed)")
            #expect(printed.contains("'\(kind.rawValue)'"), "\(command): \(printed)")
            #expect(!printed.contains(project.secret.path))
            #expect(
                project.forbidden(in: result, kind, Self.hostileClip).isEmpty,
                "\(command): \(project.forbidden(in: result, kind, Self.hostileClip).prefix(5))")
            #expect(result.connecting(port: project.recorder.port).isEmpty, "\(command): \(result.connecting(port: project.recorder.port))")
        }
        #expect(plan.result.standardOutput.contains("2024-11-17  Sun  \(DatedLibrary.clip(1).fileName)"), "\(plan.result.standardOutput)")
        #expect(try Data(contentsOf: project.root.appendingPathComponent("out/reel.mp4")) == (try Self.reel.get()))
        #expect(project.recorder.requests().isEmpty, "\(project.recorder.requests())")
    }

    @Test("a library clip on a WebDAV server that names other inputs is not a media file, and no other server hears of it", arguments: Kind.allCases)
    func onAServer(kind: Kind) throws {
        let project = try Project()
        let media = project.root.appendingPathComponent("media")
        try project.write(kind, as: Self.hostileClip, in: media)
        let server = try LibraryServer.rclone(serving: media)
        let job = try project.job().path
        let text = try String(contentsOfFile: job, encoding: .utf8).replacingOccurrences(of: "paths: [media]", with: "paths: [\"\(server.url)\"]")
        try text.write(toFile: job, atomically: true, encoding: .utf8)
        let plan = try Straced(["plan", job])
        #expect(plan.result.status == 0, "\(plan.result.standardError)")
        let unreadable = plan.result.standardOutput.replacingOccurrences(of: "\n    ", with: " ")
        #expect(unreadable.contains("\(server.url)\(Self.hostileClip): not a media file: FFmpeg reads it as"), "\(plan.result.standardOutput)")
        #expect(unreadable.contains("('\(kind.rawValue)')"), "\(plan.result.standardOutput)")
        #expect(plan.result.standardOutput.contains("2024-11-17  Sun  \(DatedLibrary.clip(1).fileName)"), "\(plan.result.standardOutput)")
        #expect(project.forbidden(in: plan, kind, Self.hostileClip).isEmpty, "\(project.forbidden(in: plan, kind, Self.hostileClip).prefix(5))")
        #expect(plan.connecting(port: project.recorder.port).isEmpty, "\(plan.connecting(port: project.recorder.port))")
        #expect(project.recorder.requests().isEmpty, "\(project.recorder.requests())")
    }

    @Test(
        "an overlay picture or movie that names other inputs is an error at the job's line that names it, music a warning there (left out), and nothing else is opened",
        arguments: Kind.allCases)
    func asJobFile(kind: Kind) throws {
        let project = try Project()
        let name = "named.\(kind.jobFileExtension)"
        try project.write(kind, as: name, in: project.root)
        let job = try project.job(
            """
            audio: { music: { file: \(name) } }
            overlays:
              - image: { file: \(name) }
              - video: { file: \(name), rect: { x: 0, y: 0, width: 0.5, height: 0.5 } }

            """)
        let validate = try Straced(["validate", job.path])
        #expect(validate.result.status == 2, "\(validate.result.standardOutput)\(validate.result.standardError)")
        let lines = validate.result.standardOutput.split(separator: "\n").filter { $0.contains("not a media file") }
        for (line, severity) in [(5, "warning:"), (7, "error:"), (8, "error:")] {
            #expect(
                lines.contains { $0.hasPrefix("\(job.path):\(line):") && $0.contains(severity) }, "line \(line): \(validate.result.standardOutput)")
        }
        #expect(project.forbidden(in: validate, kind, name).isEmpty, "\(project.forbidden(in: validate, kind, name).prefix(5))")
        #expect(validate.connecting(port: project.recorder.port).isEmpty)
        #expect(project.recorder.requests().isEmpty, "\(project.recorder.requests())")
    }
}

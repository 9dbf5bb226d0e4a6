import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `outputs:` rendered: one plan into three shapes, read back by the ffmpeg command. Every day starts on
/// the same frame in each, the sound tracks decode to the same samples, outputs.json lists them, and
/// `--output` renders one.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct MultiOutputTests {
    /// Each day's clip in a colour of its own, so a frame says which day it shows.
    static let colours = [
        SRGBColour(red: 200, green: 40, blue: 40), SRGBColour(red: 40, green: 180, blue: 60),
        SRGBColour(red: 40, green: 70, blue: 200), SRGBColour(red: 220, green: 200, blue: 40)
    ]

    /// The reel's frames, each shrunk to one average RGB colour by the ffmpeg command.
    static func averageColours(of reel: URL) throws -> [(Int, Int, Int)] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let bytes = [UInt8](
            try ReferenceCommand.output(
                ffmpeg, ["-v", "error", "-i", reel.path, "-vf", "scale=1:1:flags=area", "-pix_fmt", "rgb24", "-f", "rawvideo", "-"]))
        return stride(from: 0, to: bytes.count - 2, by: 3).map { (Int(bytes[$0]), Int(bytes[$0 + 1]), Int(bytes[$0 + 2])) }
    }

    /// The day each frame shows: the index of the nearest day colour.
    static func days(of reel: URL) throws -> [Int] {
        try averageColours(of: reel).map { colour in
            colours.indices.min { a, b in
                func distance(_ day: Int) -> Int {
                    let c = colours[day]
                    return abs(Int(c.red) - colour.0) + abs(Int(c.green) - colour.1) + abs(Int(c.blue) - colour.2)
                }
                return distance(a) < distance(b)
            } ?? -1
        }
    }

    @Test("three shapes from one job: the same day on every frame of each, the same sound, outputs.json and status list them; --output renders one")
    func threeShapesFromOnePlan() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let folder = try TemporaryFolder("outputs")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for (index, colour) in Self.colours.enumerated() {
            var clip = DatedLibrary.clip(index)
            clip.background = colour
            try writer.write(clip, in: media)
        }
        let job = folder.url.appendingPathComponent("shapes.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-19 }
        clips: { video: { duration: 1.5s } }
        transition: { style: cut }
        outputs:
          - { name: wide, path: out/wide.mp4, resolution: 160x90, fps: 10 }
          - { name: tall, path: out/tall.mp4, resolution: 90x160, fps: 10, fit: cover }
          - { name: square, path: out/square.mp4, resolution: 90x90, fps: 10, fit: cover }

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let names = ["wide", "tall", "square"]
        let reels = names.map { folder.url.appendingPathComponent("out/\($0).mp4") }

        let days = try reels.map(Self.days)
        #expect(
            days[0] == Array(repeating: 0, count: 15) + Array(repeating: 1, count: 15) + Array(repeating: 2, count: 15)
                + Array(repeating: 3, count: 15))
        #expect(days[1] == days[0] && days[2] == days[0], "every day starts on the same frame in each shape")

        let sounds = try reels.map { try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", $0.path, "-map", "0:a:0", "-f", "s16le", "-"]) }
        #expect(!sounds[0].isEmpty && sounds[1] == sounds[0] && sounds[2] == sounds[0], "one sound track, muxed into each")

        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent(".dvpipe/shapes/outputs.json")))
                as? [String: Any])
        let outputs = try #require(manifest["outputs"] as? [[String: Any]])
        #expect(outputs.map { $0["name"] as? String } == names)
        for (output, reel) in zip(outputs, reels) {
            let sha = String(decoding: try ReferenceCommand.output("/usr/bin/sha256sum", [reel.path]), as: UTF8.self).prefix(64)
            #expect(output["sha256"] as? String == String(sha) && output["path"] as? String == reel.path)
            #expect((output["days"] as? [[String: Any]])?.map { $0["start"] as? Double } == [0, 1.5, 3, 4.5])
        }

        let status = try DVPipeProcess.run(["status", job.path])
        #expect(status.standardOutput.contains("wide:\nsegments: 4 of 4 done") && status.standardOutput.contains("square:\nsegments: 4 of 4 done"))
        #expect(
            status.standardOutput.components(separatedBy: "stale: 0 segment files").count == 4, "no output's segments count as another's stale ones")

        let together = try Data(contentsOf: reels[2])
        try FileManager.default.removeItem(at: reels[2])
        let one = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--output", "square"])
        #expect(
            one.status == 0 && one.standardOutput.contains("wrote \(reels[2].path)") && !one.standardOutput.contains("wide"), "\(one.standardOutput)")
        #expect(one.standardOutput.contains("0 rendered"), "the square's segments made with the others are reused: \(one.standardOutput)")
        try FileManager.default.removeItem(at: reels[2])
        let alone = try DVPipeProcess.run([
            "run", job.path, "--progress", "none", "--output", "square", "--work-dir", folder.url.appendingPathComponent("alone").path, "--no-cache"
        ])
        #expect(alone.status == 0 && alone.standardOutput.contains("4 rendered"), "\(alone.standardOutput)")
        #expect(try Data(contentsOf: reels[2]) == together, "rendered alone, from clips decoded for it only, the square is the same bytes")
        #expect(try Self.days(of: reels[2]) == days[0])
        let unknown = try DVPipeProcess.run(["run", job.path, "--output", "round"])
        #expect(unknown.status != 0 && unknown.standardError.contains("no output named 'round'"), "\(unknown.standardError)")
    }
}

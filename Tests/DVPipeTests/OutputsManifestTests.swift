import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `outputs.json` and `run --json`: what a run wrote, as publishing scripts read it, checked against the
/// file itself with sha256sum and ffprobe.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct OutputsManifestTests {
    @Test("run --json prints outputs.json: the reel's name, path, size, SHA-256, duration and each day's start")
    func runJsonDescribesTheReel() throws {
        let ffprobe = try #require(ReferenceCommand.ffprobe, "make test installs ffprobe")
        let folder = try TemporaryFolder("outputs")
        try DatedLibrary.fourDays(in: folder)
        let job = folder.url.appendingPathComponent("month.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-19 }
        transition: { style: cut }
        output: { path: out/november.mp4, resolution: 160x90, fps: 10 }

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--json"])
        try #require(run.status == 0, "\(run.standardError)")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let outputs = try #require(printed["outputs"] as? [[String: Any]])
        try #require(outputs.count == 1)
        let output = outputs[0]
        let reel = folder.url.appendingPathComponent("out/november.mp4")
        #expect(output["name"] as? String == "november" && output["path"] as? String == reel.path)
        let size = try FileManager.default.attributesOfItem(atPath: reel.path)[.size] as? Int
        #expect((output["bytes"] as? Int) == size)
        let sha = String(decoding: try ReferenceCommand.output("/usr/bin/sha256sum", [reel.path]), as: UTF8.self).prefix(64)
        #expect(output["sha256"] as? String == String(sha))
        let probed = String(
            decoding: try ReferenceCommand.output(
                ffprobe,
                [
                    "-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", reel.path
                ]), as: UTF8.self
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(output["duration"] as? Double == Double(Int(probed) ?? 0) / 10, "80 frames at 10 fps: \(probed)")
        let days = try #require(output["days"] as? [[String: Any]])
        #expect(days.map { $0["date"] as? String } == ["2024-11-16", "2024-11-17", "2024-11-18", "2024-11-19"])
        #expect(days.map { $0["start"] as? Double } == [0, 2, 4, 6], "2 s a day, cut")
        let kept = try Data(contentsOf: folder.url.appendingPathComponent(".dvpipe/month/outputs.json"))
        #expect(try JSONSerialization.jsonObject(with: kept) as? NSDictionary == printed as NSDictionary, "outputs.json holds what --json printed")
        let again = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--json"])
        #expect(again.standardOutput == run.standardOutput, "a run that keeps the reel describes it the same")
    }
}

import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// A library as Google Takeout and a photo editor leave it: untagged clips whose modification time is the
/// export's, their capture times in sidecars under each naming Takeout uses, and an XMP sidecar. `dvpipe plan`
/// must file each clip under the sidecar's day and say so.
@Suite(.tags(.endToEnd))
struct SidecarPlanTests {
    @Test("each clip is planned on its sidecar's day, by the sidecar rule; day_rules can put the name first")
    func takeoutAndXMPDays() throws {
        let folder = try TemporaryFolder("sidecar-plan")
        let media = try folder.subfolder("media/Takeout/Google Photos/Photos from 2024")
        let writer = try SampleWriter()
        let long = "a_clip_with_a_name_long_enough_for_takeout_to_cut"
        // Clip name → (its sidecar's name and text, the day the sidecar gives).
        let takeout: [(clip: String, sidecar: String, seconds: Int, day: String)] = [
            ("clip.mp4", "clip.mp4.json", 1_733_050_800, "2024-12-01"),
            ("clip(1).mp4", "clip.mp4(1).json", 1_733_137_200, "2024-12-02"),
            ("\(long).mp4", String("\(long).mp4.supplemental-metadata".prefix(46)) + ".json", 1_733_223_600, "2024-12-03"),
            ("VID_20240601_120000.mp4", "VID_20240601_120000.mp4.supplemental-metadata.json", 1_733_310_000, "2024-12-04")
        ]
        for (index, item) in takeout.enumerated() {
            _ = try writer.write(SampleClip(fileName: item.clip, duration: 1, width: 160, height: 90, audio: .none, text: "\(index)"), in: media)
            try Data(#"{"title": "\#(item.clip)", "photoTakenTime": {"timestamp": "\#(item.seconds)", "formatted": "…"}}"#.utf8)
                .write(to: media.appendingPathComponent(item.sidecar))
        }
        _ = try writer.write(SampleClip(fileName: "DSC_0005.mp4", duration: 1, width: 160, height: 90, audio: .none), in: media)
        try Data(#"<x:xmpmeta><rdf:Description exif:DateTimeOriginal="2024-12-05T23:30:00+09:00"/></x:xmpmeta>"#.utf8)
            .write(to: media.appendingPathComponent("DSC_0005.mp4.xmp"))

        func plan(dayRules: String) throws -> [[String: Any]] {
            let job = folder.url.appendingPathComponent("takeout.yaml")
            try """
            version: 1
            library: { paths: [media], timezone: UTC\(dayRules) }
            timeframe: { from: 2024-06-01, to: 2024-12-05 }
            output: { path: out/takeout.mp4 }

            """.write(to: job, atomically: true, encoding: .utf8)
            let result = try DVPipeProcess.run(["plan", job.path, "--json"])
            try #require(result.status == 0, "stderr: \(result.standardError)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            #expect((document["unreadable"] as? [Any])?.isEmpty == true, "sidecars are not unreadable media")
            return try #require(document["days"] as? [[String: Any]]).filter { $0["file"] is String }
        }

        let days = try plan(dayRules: "")
        let expected =
            takeout.map { ($0.day, "Takeout/Google Photos/Photos from 2024/" + $0.clip) } + [
                ("2024-12-05", "Takeout/Google Photos/Photos from 2024/DSC_0005.mp4")
            ]
        #expect(days.map { $0["date"] as? String ?? "" } == expected.map(\.0))
        #expect(days.map { $0["file"] as? String ?? "" } == expected.map(\.1))
        #expect(days.allSatisfy { $0["day_rule"] as? String == "sidecar" }, "\(days.map { $0["day_rule"] ?? "" })")

        let nameFirst = try plan(dayRules: ", day_rules: [file_name, sidecar]")
        let june = try #require(nameFirst.first)
        #expect(june["date"] as? String == "2024-06-01" && june["day_rule"] as? String == "file_name")
    }
}

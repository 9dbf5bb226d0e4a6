import DVMedia
import DVPlanning
import DVSignal
import Foundation
import Testing

@testable import DVRender

/// The canvas a job's output asks for: its format made once from `dynamic_range`, its codec carried as the
/// encoder's enum, and both named in segment keys as they were before they were types.
@Suite struct CanvasSettingsTests {
    static func output(_ range: Job.Output.DynamicRange, codec: Job.Output.VideoCodec) -> Job.Output {
        var output = Job.Output(path: "/out.mp4", video: Job.Output.VideoEncoding(codec: codec))
        output.dynamicRange = range
        return output
    }

    @Test("each output kind makes its canvas format and codec once; the stages and the encoder read them from there")
    func madeOnce() {
        let sdr = CanvasSettings(output: Self.output(.sdr, codec: .h264), identities: [:])
        let hlg = CanvasSettings(output: Self.output(.hlg, codec: .hevc), identities: [:])
        let av1 = CanvasSettings(output: Self.output(.hlg, codec: .av1), identities: [:])
        #expect(sdr.format == .sdr8 && sdr.codec == .h264)
        #expect(hlg.format == .hlg10 && hlg.codec == .hevc && av1.format == .hlg10 && av1.codec == .av1)
        for range in Job.Output.DynamicRange.allCases {
            #expect(CanvasFormat(range).bitDepth == (range == .hlg ? 10 : 8))
        }
        for codec in Job.Output.VideoCodec.allCases {
            #expect(VideoCodec(codec).rawValue == codec.rawValue)
        }
    }

    @Test("segment keys name the canvas as before: the codec by its name, an HLG canvas as dynamicRange hlg, SDR by nothing")
    func keyMaterial() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func fields(_ canvas: CanvasSettings) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: encoder.encode(canvas)) as? [String: Any])
        }
        let sdr = try fields(CanvasSettings(output: Self.output(.sdr, codec: .h264), identities: [:]))
        let hlg = try fields(CanvasSettings(output: Self.output(.hlg, codec: .hevc), identities: [:]))
        let named = ["background", "codec", "crf", "encoderThreads", "fit", "fps", "height", "preset", "toneMap", "width"]
        #expect(sdr.keys.sorted() == named && sdr["codec"] as? String == "h264" && sdr["fit"] as? String == "contain")
        #expect(hlg.keys.sorted() == (named + ["dynamicRange"]).sorted() && hlg["dynamicRange"] as? String == "hlg")
        #expect(hlg["codec"] as? String == "hevc")
    }
}

import Testing

@testable import DVPlanning

@Suite("Value parsers")
struct ValueParsingTests {
    @Test(
        arguments: [
            ("3s", 3000), ("0.5s", 500), ("500ms", 500), ("1m30s", 90_000), ("2.5", 2500), ("0", 0), ("1h", 3_600_000),
            ("1m", 60_000), ("1.25s", 1250), ("1m0.5s", 60_500), ("2s250ms", 2250)
        ] as [(String, Int64)])
    func durations(text: String, milliseconds: Int64) {
        #expect(TimeSpan(text)?.milliseconds == milliseconds)
    }

    @Test(arguments: ["", "s", "3", "-1s", "3 s", "1s1m", "1.0001s", "abc", "1.s", ".5s", "25h", "3sec", "0x10", "1e3"])
    func invalidDurations(text: String) {
        if text == "3" {
            #expect(TimeSpan(text)?.milliseconds == 3000)
        } else {
            #expect(TimeSpan(text) == nil, "\(text)")
        }
    }

    @Test func durationsPrintBack() {
        #expect(TimeSpan(milliseconds: 90_000).description == "1m30s")
        #expect(TimeSpan(milliseconds: 500).description == "500ms")
        #expect(TimeSpan(milliseconds: 2500).description == "2.5s")
        #expect(TimeSpan(milliseconds: 3000).description == "3s")
    }

    @Test func clipLengthAndStart() {
        #expect(ClipLength("full") == .full)
        #expect(ClipLength("2s") == .fixed(.seconds(2)))
        #expect(ClipLength("whole") == nil)
        #expect(ClipStart("middle") == .middle)
        #expect(ClipStart("0.5s") == .offset(TimeSpan(milliseconds: 500)))
        #expect(ClipStart("centre") == nil)
    }

    @Test func colours() {
        #expect(RGBAColor("#000000") == .black)
        #expect(RGBAColor("#FF8000") == RGBAColor(red: 255, green: 128, blue: 0))
        #expect(RGBAColor("#ff800080") == RGBAColor(red: 255, green: 128, blue: 0, alpha: 128))
        #expect(RGBAColor("#ff800080")?.description == "#FF800080")
        for bad in ["000000", "#12345", "#1234567", "#GGGGGG", "#", "red"] {
            #expect(RGBAColor(bad) == nil, "\(bad)")
        }
    }

    private func size(_ resolution: String, _ aspect: AspectRatio) -> [Int] {
        guard let size = Resolution(resolution)?.frameSize(aspect: aspect) else { return [] }
        return [size.width, size.height]
    }

    @Test func resolutionsAndAspects() {
        #expect(size("1080p", .widescreen) == [1920, 1080])
        #expect(size("1080p", AspectRatio(width: 9, height: 16)) == [1080, 1920])
        #expect(size("720p", .widescreen) == [1280, 720])
        #expect(size("480p", .widescreen) == [854, 480])
        #expect(size("2160p", AspectRatio(width: 4, height: 3)) == [2880, 2160])
        #expect(size("1280x720", AspectRatio(width: 9, height: 16)) == [1280, 720])
        for bad in ["1000p", "1080", "1280X720", "x720", "1280x", "8x8", "99999x2"] {
            #expect(Resolution(bad) == nil, "\(bad)")
        }
        #expect(AspectRatio("9:16")?.isVertical == true)
        #expect(AspectRatio("16:9")?.isVertical == false)
        for bad in ["16/9", "0:9", "16:", "a:b", "1000:1"] {
            #expect(AspectRatio(bad) == nil, "\(bad)")
        }
    }

    @Test func bitrates() {
        #expect(Bitrate("160k")?.bitsPerSecond == 160_000)
        #expect(Bitrate("2.5M")?.bitsPerSecond == 2_500_000)
        #expect(Bitrate("128000")?.bitsPerSecond == 128_000)
        #expect(Bitrate("160kbps") == nil)
        #expect(Bitrate("k") == nil)
        #expect(Bitrate("160k")?.description == "160k")
    }

    @Test func suggestions() {
        #expect(Suggestion.closest(to: "libary", in: JobDecoder.topLevelKeys) == "library")
        #expect(Suggestion.closest(to: "wipe", in: Job.Transition.Style.allCases.map(\.rawValue)) == "wipe-left")
        #expect(Suggestion.closest(to: "zzzzzz", in: JobDecoder.topLevelKeys) == nil)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }
}

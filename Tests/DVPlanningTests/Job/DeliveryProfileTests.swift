import DVPlanning
import Foundation
import Testing

/// `output.profile`: what each platform's rules say of a job, located at the key that breaks them, and the
/// table in docs/delivery.md kept equal to the rules in the code.
@Suite struct DeliveryProfileTests {
    static let job = """
        version: 1
        library: { paths: [lib] }
        timeframe: { month: 2024-12 }

        """

    @Test("a frame rate, a size or a shape a platform does not take is an error at its key (aspect when the size is left out)")
    func locatedErrors() {
        expectDiagnostic(Self.job + "output: { path: a.mp4, profile: reels, resolution: 1080x1920, fps: 1️⃣120 }\n", containing: "23–60 fps, not 120")
        expectDiagnostic(Self.job + "output: { path: a.mp4, profile: reels, resolution: 1️⃣2160p }\n", containing: "up to 1920 px wide")
        expectDiagnostic(Self.job + "output: { path: a.mp4, profile: tiktok, resolution: 1️⃣320x568 }\n", containing: "at least 360 px")
        expectDiagnostic(Self.job + "output: { path: a.mp4, profile: shorts, aspect: 1️⃣\"16:9\" }\n", containing: "square or vertical")
        expectDiagnostic(Self.job + "outputs:\n  - { path: a.mp4, resolution: 1️⃣1280x720, profile: shorts, fps: 24 }\n", containing: "wider than tall")
        expectDiagnostic(Self.job + "output: { path: a.mp4, profile: 1️⃣vimeo }\n", containing: "unknown output.profile 'vimeo'")
        expectDiagnostic(Self.job + "output: { path: a.mp4, profile: youtube, fps: 1️⃣20 }\n", containing: "YouTube takes 24–60 fps")
    }

    @Test("a profile sets the keyframe interval and the bitrate cap; shorts, reels and tiktok default to 9:16, youtube keeps 16:9")
    func settings() throws {
        let reels = try #require(validJob(Self.job + "output: { path: a.mp4, profile: reels }\n")).output
        #expect(reels.profile == .reels && reels.frameSize == (1080, 1920))
        #expect(reels.profile?.rules.keyframeInterval(fps: reels.fps) == 60 && reels.profile?.rules.maximumVideoBitrate == 25_000_000)
        let youtube = try #require(validJob(Self.job + "output: { path: a.mp4, profile: youtube, fps: 24 }\n")).output
        #expect(youtube.frameSize == (1920, 1080) && youtube.profile?.rules.keyframeInterval(fps: 24) == 12)
        let given = try #require(validJob(Self.job + "output: { path: a.mp4, profile: tiktok, resolution: 720x720 }\n")).output
        #expect(given.frameSize == (720, 720))
        let none = try #require(validJob(minimalJob)).output
        #expect(none.profile == nil && none.profileLocation == nil)
    }

    @Test("the plan's length is checked at the profile line: a Short over 3 minutes, a Reel under 3 s")
    func lengthAtThePlan() throws {
        let yaml = Self.job + "outputs:\n  - { path: a.mp4, profile: shorts }\n  - { path: b.mp4, profile: reels }\n"
        let job = try #require(validJob(yaml))
        #expect(job.deliveryDiagnostics(reelSeconds: 179.4).isEmpty)
        let long = job.deliveryDiagnostics(reelSeconds: 185)
        #expect(long.count == 1 && long[0].location.line == 5 && long[0].location.column == 29)
        #expect(long[0].description.contains("error: profile shorts: YouTube Shorts takes a reel of at most 3:00; this plan's reel is 3:05"))
        let short = job.deliveryDiagnostics(reelSeconds: 2)
        #expect(short.count == 1 && short[0].location.line == 6 && short[0].message.contains("at least 3 s"))
        #expect(try #require(validJob(minimalJob)).deliveryDiagnostics(reelSeconds: 100_000).isEmpty)
    }

    @Test("publish names a collection or prefix, ending in /, never with credentials")
    func publishAddresses() throws {
        let job = try #require(validJob(Self.job + "output: { path: a.mp4, publish: \"https://Cloud.example/dav/Reels\" }\n"))
        #expect(job.output.publish == "https://cloud.example/dav/Reels/")
        let bucket = try #require(validJob(Self.job + "output: { path: a.mp4, publish: \"s3://reels/family\" }\n"))
        let none = try #require(validJob(minimalJob))
        #expect(bucket.output.publish == "s3://reels/family/" && none.output.publish == nil)
        expectDiagnostic(
            Self.job + "output: { path: a.mp4, publish: 1️⃣\"https://me:pw@cloud.example/x/\" }\n",
            containing: "output.publish 'https://…@cloud.example/x/' carries a user or password")
        expectDiagnostic(Self.job + "output: { path: a.mp4, publish: 1️⃣\"ftp://cloud.example/x/\" }\n", containing: "output.publish takes https://")
        expectDiagnostic(Self.job + "outputs:\n  - { path: a.mp4, publish: 1️⃣\"cloud\" }\n", containing: "outputs[0].publish 'cloud' is not a URL")
        expectDiagnostic(
            Self.job + "output: { path: a.mp4, publish: 1️⃣\"s3://fam/Reels/%2E%2E/Private/\" }\n", containing: "without . or .. segments")
    }

    @Test("publish_overwrite: false unless the job says true; an error on an output that does not publish")
    func publishOverwrite() throws {
        let kept = try #require(validJob(Self.job + "output: { path: a.mp4, publish: \"s3://reels/family/\" }\n"))
        let replaced = try #require(validJob(Self.job + "output: { path: a.mp4, publish: \"s3://reels/family/\", publish_overwrite: true }\n"))
        #expect(!kept.output.publishOverwrite && replaced.output.publishOverwrite)
        expectDiagnostic(
            Self.job + "output: { path: a.mp4, publish_overwrite: 1️⃣true }\n", containing: "output.publish_overwrite says whether a published reel")
    }

    @Test("docs/delivery.md lists each profile's figures and source as the code has them")
    func documentedTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/delivery.md"), encoding: .utf8)
        for profile in DeliveryProfile.allCases {
            let rules = profile.rules
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(profile.rawValue)` |") }, "no row for \(profile)")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells[1] == rules.platform)
            #expect(cells[2] == "\(rules.frameRates.lowerBound)–\(rules.frameRates.upperBound) fps")
            #expect(cells[4].hasSuffix("–" + DeliveryRules.minutes(rules.seconds.upperBound).replacingOccurrences(of: " ", with: " ")))
            #expect(cells[5] == rules.videoCodecs.map(\.rawValue).joined(separator: ", "))
            #expect(cells[6].contains(rules.sampleRates.map { String($0 / 1000) }.joined(separator: " or ") + " kHz"))
            #expect(cells[7].hasPrefix("every \(rules.keyframeSeconds == 0.5 ? "0.5" : String(Int(rules.keyframeSeconds))) s"))
            #expect(cells[7].contains("documented") != cells[7].contains("dvpipe's choice") || !rules.keyframeSecondsDocumented)
            #expect(cells[8] == (rules.maximumVideoBitrate.map { "\($0 / 1_000_000) Mbit/s" } ?? "no cap"))
            #expect(cells[10] == rules.source)
            #expect(cells[11] == rules.safeArea.description)
            #expect(cells[12] == rules.safeAreaSource)
            if let width = rules.maximumWidth { #expect(cells[3].contains("width ≤ \(width) px")) }
            if let side = rules.maximumLongSide { #expect(cells[3].contains("long side ≤ \(side) px")) }
            if let side = rules.minimumShortSide { #expect(cells[3].contains("short side ≥ \(side) px")) }
            #expect(cells[3].contains("square or vertical") == rules.squareOrVertical)
        }
    }
}

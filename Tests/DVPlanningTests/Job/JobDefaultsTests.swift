import DVPlanning
import Foundation
import Testing

@Suite("Job keys and defaults")
struct JobDefaultsTests {
    @Test func smallestJobGetsTheSpecDefaults() throws {
        let folder = JobFolder()
        let result = folder.load(MarkedYAML(minimalJob))
        #expect(result.diagnostics.isEmpty)
        let job = try #require(result.job)
        #expect(job.version == 1)
        #expect(job.name == "job")
        #expect(job.library.paths == [URL(fileURLWithPath: folder.path + "/lib").standardizedFileURL.path])
        #expect(job.library.timeZoneIdentifier == "America/Los_Angeles")
        #expect(job.library.exclude.isEmpty)
        #expect(job.library.dayRules == [.localCreationDate, .creationTime, .sidecar, .fileName, .modificationTime])
        #expect(job.timeframe == .month(year: 2024, month: 12))
        #expect(job.selection.prefer == [.video, .livePhoto, .photo])
        #expect(job.clips.photo == Job.Photos(duration: .seconds(3), motion: .auto, count: 1))
        #expect(job.selection.order == .earliest)
        #expect(job.days.isEmpty)
        #expect(job.clips.video == Job.ClipWindow(duration: .fixed(.seconds(3)), start: .offset(.zero)))
        #expect(job.clips.livePhoto == Job.ClipWindow(duration: .full, start: .offset(.zero)))
        #expect(job.output.path == URL(fileURLWithPath: folder.path + "/out.mp4").standardizedFileURL.path)
        #expect(job.output.resolution == .preset(1080))
        #expect(job.output.aspect == .widescreen)
        #expect(job.output.frameSize == (1920, 1080))
        #expect(job.output.fit == .contain)
        #expect(job.output.background == .black)
        #expect(job.output.fps == 30)
        #expect(job.output.video == Job.Output.VideoEncoding(codec: .h264, crf: 20, preset: .veryfast))
        #expect(job.output.audio == Job.Output.AudioEncoding(codec: .aac, bitrate: Bitrate(bitsPerSecond: 160_000)))
        #expect(job.transition == Job.Transition(style: .crossfade, duration: TimeSpan(milliseconds: 500)))
        #expect(job.audio == Job.Audio(clips: .keep, normalize: true, music: nil))
        #expect(job.overlays.isEmpty)
        #expect(job.intro == nil && job.outro == nil)
    }

    @Test func everyKeyIsRead() throws {
        let folder = JobFolder()
        _ = FileManager.default.createFile(atPath: folder.path + "/theme.m4a", contents: Data())
        _ = FileManager.default.createFile(atPath: folder.path + "/logo.png", contents: Data())
        _ = FileManager.default.createFile(atPath: folder.path + "/pip.mov", contents: Data())
        _ = FileManager.default.createFile(atPath: folder.path + "/Title.otf", contents: Data())
        let yaml = """
            version: 1
            name: December 2024
            library:
              paths: [lib, ./lib/../lib]
              timezone: America/Los_Angeles
              exclude: ["**/Screen Recording*", "*.tmp"]
              day_rules: [sidecar, local_creation_date, file_name]
            timeframe: { from: 2024-12-01, to: 2024-12-31 }
            selection: { prefer: [live_photo, video], order: longest }
            days:
              2024-12-08: { pin: IMG_0021.MOV }
              2024-12-18:
                pin: { file: IMG_0071.MOV, start: 0.5s, duration: 2s }
                caption: "Grandma's birthday"
              2024-12-25: { skip: true }
            clips:
              video: { duration: 1m30s, start: middle }
              live_photo: { duration: 2.5, start: 250ms }
            output:
              path: ~/reels/dec.mp4
              resolution: 720p
              aspect: "9:16"
              fit: blur
              background: "#10203040"
              fps: 25
              video: { codec: hevc, crf: 28, preset: slow }
              audio: { codec: aac, bitrate: 192k }
            transition: { style: wipe-left, duration: 1s }
            audio:
              clips: mute
              normalize: false
              music: { file: theme.m4a, volume: 0.5, duck: 1, fade_out: 3s, loop: false }
            overlays:
              - date: { format: "d MMM", position: { x: 0.5, y: 0.9 }, size: 0.05, locale: fr_FR, font: Title.otf }
              - text: { text: "December 2024", position: center, size: 0.1, start: 0s, duration: 2s, font: ./Title.otf }
              - image: { file: logo.png, position: top-right, width: 0.2, opacity: 1 }
              - video: { file: pip.mov, rect: { x: 0.6, y: 0.6, width: 0.3, height: 0.3 }, loop: false, opacity: 0.5 }
              - date:
            intro: { text: "December 2024", duration: 2s, font: Title.otf }
            outro: { text: "See you in January" }
            """
        let result = folder.load(MarkedYAML(yaml))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let job = try #require(result.job)
        let day = { (text: String) in CalendarDay(text)! }
        #expect(job.name == "December 2024")
        #expect(job.library.paths.count == 2 && job.library.paths[0] == job.library.paths[1])
        #expect(job.library.timeZone.identifier == "America/Los_Angeles")
        #expect(job.library.exclude == [GlobPattern("**/Screen Recording*"), GlobPattern("*.tmp")])
        #expect(job.library.dayRules == [.sidecar, .localCreationDate, .fileName])
        #expect(job.timeframe == .range(from: day("2024-12-01"), to: day("2024-12-31")))
        #expect(job.selection == Job.Selection(prefer: [.livePhoto, .video], order: .longest))
        #expect(job.days[day("2024-12-08")] == Job.DaySettings(pin: Job.Pin(file: "IMG_0021.MOV")))
        #expect(
            job.days[day("2024-12-18")]
                == Job.DaySettings(
                    pin: Job.Pin(file: "IMG_0071.MOV", start: .offset(TimeSpan(milliseconds: 500)), duration: .fixed(.seconds(2))),
                    caption: "Grandma's birthday"))
        #expect(job.days[day("2024-12-25")]?.skip == true)
        #expect(job.clips.video == Job.ClipWindow(duration: .fixed(.seconds(90)), start: .middle))
        #expect(job.clips.livePhoto == Job.ClipWindow(duration: .fixed(TimeSpan(milliseconds: 2500)), start: .offset(TimeSpan(milliseconds: 250))))
        #expect(job.output.path == FileManager.default.homeDirectoryForCurrentUser.path + "/reels/dec.mp4")
        #expect(job.output.frameSize == (720, 1280))
        #expect(job.output.fit == .blur)
        #expect(job.output.background == RGBAColor(red: 0x10, green: 0x20, blue: 0x30, alpha: 0x40))
        #expect(job.output.fps == 25)
        #expect(job.output.video == Job.Output.VideoEncoding(codec: .hevc, crf: 28, preset: .slow))
        #expect(job.output.audio.bitrate.bitsPerSecond == 192_000)
        #expect(job.transition == Job.Transition(style: .wipeLeft, duration: .seconds(1)))
        #expect(job.audio.clips == .mute && !job.audio.normalize)
        #expect(job.audio.music == Job.Music(file: folder.path + "/theme.m4a", volume: 0.5, duck: 1, fadeOut: .seconds(3), loop: false))
        #expect(
            job.overlays == [
                .date(
                    Job.DateStamp(format: "d MMM", position: .point(x: 0.5, y: 0.9), size: 0.05, locale: "fr_FR", font: folder.path + "/Title.otf")),
                .text(
                    Job.TextOverlay(
                        text: "December 2024", position: .anchor(.center), size: 0.1, start: .zero, duration: .seconds(2),
                        font: folder.path + "/Title.otf")),
                .image(Job.ImageOverlay(file: folder.path + "/logo.png", position: .anchor(.topRight), width: 0.2, opacity: 1)),
                .video(
                    Job.VideoOverlay(
                        file: folder.path + "/pip.mov", rect: Job.UnitRect(x: 0.6, y: 0.6, width: 0.3, height: 0.3), loop: false, opacity: 0.5)),
                .date(Job.DateStamp())
            ])
        #expect(job.intro == Job.TitleCard(text: "December 2024", duration: .seconds(2), font: folder.path + "/Title.otf"))
        #expect(job.outro == Job.TitleCard(text: "See you in January", duration: .seconds(2)))
    }

    @Test(arguments: [
        ("{ month: 2024-02 }", Job.Timeframe.month(year: 2024, month: 2)),
        ("{ year: 2023 }", .year(2023)),
        ("{ last: month }", .last(.month)),
        ("{ last: week }", .last(.week)),
        ("{ last: year }", .last(.year)),
        ("{ last: 30d }", .last(.days(30)))
    ])
    func timeframeForms(yaml: String, timeframe: Job.Timeframe) {
        let job = validJob(minimalJob.replacingOccurrences(of: "{ month: 2024-12 }", with: yaml))
        #expect(job?.timeframe == timeframe)
    }

    @Test func namedPositions() {
        for anchor in Position.Anchor.allCases {
            let job = validJob(minimalJob + "\noverlays: [{ date: { position: \(anchor.rawValue) } }]")
            #expect(job?.overlays == [.date(Job.DateStamp(position: .anchor(anchor)))])
        }
    }

    @Test func textLookAndShowSource() {
        let yaml = ##"overlays: [{ date: { show_source: true, color: "#FFDC00", shadow: "#000000A0", outline: "#000000", box: "#00000060" } }]"##
        let job = validJob(minimalJob + "\n" + yaml)
        let look = Job.TextStyle(
            color: RGBAColor(red: 255, green: 220, blue: 0), shadow: RGBAColor(red: 0, green: 0, blue: 0, alpha: 160), outline: .black,
            box: RGBAColor(red: 0, green: 0, blue: 0, alpha: 96)
        )
        #expect(job?.overlays == [.date(Job.DateStamp(showSource: true, look: look))])
        let text = validJob(minimalJob + "\noverlays: [{ text: { text: Hi, box: \"#000000\" } }]")
        #expect(text?.overlays == [.text(Job.TextOverlay(text: "Hi", look: Job.TextStyle(box: .black)))])
    }

    @Test func everyTransitionStyleAndPreset() {
        for style in Job.Transition.Style.allCases {
            #expect(validJob(minimalJob + "\ntransition: { style: \(style.rawValue) }")?.transition.style == style)
        }
        for preset in Job.Output.EncoderPreset.allCases {
            let yaml = minimalJob.replacingOccurrences(of: "{ path: out.mp4 }", with: "{ path: out.mp4, video: { preset: \(preset.rawValue) } }")
            #expect(validJob(yaml)?.output.video.preset == preset)
        }
    }

    @Test func pinsAreRelativeToTheLibraryNotTheJob() {
        let job = validJob(minimalJob + "\ndays: { 2024-12-02: { pin: trips/IMG_1.MOV }, 2024-12-03: { pin: ~/x.mov } }")
        #expect(job?.days[CalendarDay("2024-12-02")!]?.pin?.file == "trips/IMG_1.MOV")
        #expect(job?.days[CalendarDay("2024-12-03")!]?.pin?.file == FileManager.default.homeDirectoryForCurrentUser.path + "/x.mov")
    }

    @Test func cutAllowsAnyTransitionDuration() {
        #expect(validJob(minimalJob + "\ntransition: { style: cut, duration: 10s }")?.transition.style == .cut)
    }

    @Test func loadingFromAPathResolvesAgainstItsFolder() throws {
        let folder = JobFolder()
        let path = folder.path + "/reel.yaml"
        try minimalJob.write(toFile: path, atomically: true, encoding: .utf8)
        let result = JobLoader.load(path: path)
        #expect(result.diagnostics.isEmpty)
        #expect(result.job?.name == "reel")
        #expect(result.job?.library.paths == [URL(fileURLWithPath: folder.path + "/lib").standardizedFileURL.path])
    }

    @Test func missingFileIsOneClearError() {
        let result = JobLoader.load(path: "/nonexistent/dvpipe/job.yaml")
        #expect(result.job == nil)
        #expect(result.diagnostics.map(\.description) == ["/nonexistent/dvpipe/job.yaml:1:1: error: cannot read job file: no such file"])
    }

    @Test func subtitlesAreOffUnlessAsked() throws {
        #expect(validJob(minimalJob)?.output.subtitles == false)
        let asked = minimalJob.replacingOccurrences(of: "output: { path: out.mp4 }", with: "output: { path: out.mp4, subtitles: true }")
        #expect(validJob(asked)?.output.subtitles == true)
        expectDiagnostic(
            minimalJob.replacingOccurrences(of: "output: { path: out.mp4 }", with: "output: { path: out.mp4, subtitles: 1️⃣often }"),
            containing: "subtitles")
    }

    @Test func hdrIsToneMappedUnlessTurnedOff() throws {
        #expect(validJob(minimalJob)?.output.toneMap == .auto)
        let off = minimalJob.replacingOccurrences(of: "output: { path: out.mp4 }", with: "output: { path: out.mp4, tone_map: off }")
        #expect(validJob(off)?.output.toneMap == .off)
        expectDiagnostic(
            minimalJob.replacingOccurrences(of: "output: { path: out.mp4 }", with: "output: { path: out.mp4, tone_map: 1️⃣hable }"),
            containing: "tone_map")
    }
}

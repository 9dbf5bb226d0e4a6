import DVPlanning
import Foundation
import Testing

@Suite("Job validation rules")
struct JobValidationTests {
    /// `minimalJob` with `line` appended (a later top-level key replaces nothing: use distinct keys).
    private func job(_ extra: String) -> String { minimalJob + "\n" + extra }

    @Test func unknownKeysSuggestTheClosest() {
        expectDiagnostic(job("1️⃣trasition: { style: cut }"), containing: "unknown key 'trasition' at the top level; did you mean 'transition'?")
        expectDiagnostic(job("selection: { 1️⃣oder: latest }"), containing: "unknown key 'oder' in selection; did you mean 'order'?")
        expectDiagnostic(job("audio: { 1️⃣zzz: 1 }"), containing: "(allowed: clips, normalize, music)")
    }

    @Test func misspeltRequiredKeyIsReportedOnce() {
        let (result, _) = load("version: 1\nlibary: { paths: [lib] }\ntimeframe: { year: 2024 }\noutput: { path: o.mp4 }")
        #expect(result.diagnostics.map(\.message) == ["unknown key 'libary' at the top level; did you mean 'library'?"])
    }

    @Test func enumValuesSuggestTheClosest() {
        expectDiagnostic(job("transition: { style: 1️⃣wipe }"), containing: "unknown transition.style 'wipe'; did you mean 'wipe-left'?")
        expectDiagnostic(job("selection: { order: 1️⃣earliset }"), containing: "did you mean 'earliest'?")
        expectDiagnostic(job("selection: { prefer: [video, 1️⃣livephoto] }"), containing: "did you mean 'live_photo'?")
        expectDiagnostic(job("audio: { clips: 1️⃣muted }"), containing: "did you mean 'mute'?")
        expectDiagnostic(job("overlays: [{ date: { position: 1️⃣top-lft } }]"), containing: "did you mean 'top-left'?")
        expectDiagnostic(job("overlays: [{ 1️⃣dat: {} }]"), containing: "unknown overlay 'dat'; did you mean 'date'?")
        expectDiagnostic(job("overlays: [{ date: { 1️⃣colour: \"#FFFFFF\" } }]"), containing: "did you mean 'color'?")
        expectDiagnostic(job("overlays: [{ text: { text: Hi, box: 1️⃣black } }]"), containing: "a colour")
    }

    @Test("captions and text overlays take a direction, a language tag and start or end alignment; a tag that is none is a located error")
    func textDirectionAndLanguage() throws {
        let (result, _) = load(
            job(
                """
                captions: { align: start, direction: rtl, language: ar }
                overlays: [{ text: { text: Hi, align: end, direction: ltr, language: zh-Hant } }]
                """))
        let decoded = try #require(result.job, "\(result.diagnostics)")
        #expect(decoded.captions.align == .start && decoded.captions.direction == .rtl && decoded.captions.language == "ar")
        guard case let .text(text) = decoded.overlays.first else {
            Issue.record("no text overlay")
            return
        }
        #expect(text.align == .end && text.direction == .ltr && text.language == "zh-Hant")
        expectDiagnostic(
            job("captions: { language: 1️⃣japanese }"), containing: "captions.language must be a language tag like ja, zh-Hant or ar, not 'japanese'")
        expectDiagnostic(
            job("captions: { direction: 1️⃣rlt }"), containing: "unknown captions.direction 'rlt'; did you mean 'ltr'? (one of: auto, ltr, rtl)")
    }

    @Test func requiredKeys() {
        expectDiagnostic(
            "1️⃣library: { paths: [lib] }\ntimeframe: { year: 2024 }\noutput: { path: o.mp4 }", containing: "missing required key 'version'")
        expectDiagnostic("1️⃣version: 1\nlibrary: { paths: [lib] }\noutput: { path: o.mp4 }", containing: "missing required key 'timeframe'")
        expectDiagnostic(
            "version: 1\nlibrary: 1️⃣{ timezone: UTC }\ntimeframe: { year: 2024 }\noutput: { path: o.mp4 }",
            containing: "missing required key 'library.paths'")
        expectDiagnostic(
            "version: 1\nlibrary: { paths: [lib] }\ntimeframe: { year: 2024 }\noutput: 1️⃣{ fps: 30 }", containing: "missing required key 'output.path'"
        )
    }

    @Test func versionMustBeOne() {
        expectDiagnostic(minimalJob.replacingOccurrences(of: "version: 1", with: "version: 1️⃣2"), containing: "version must be 1")
        expectDiagnostic(minimalJob.replacingOccurrences(of: "version: 1", with: "version: 1️⃣\"1\""), containing: "version must be 1")
    }

    @Test func timeframeNeedsExactlyOneForm() {
        let base = "version: 1\nlibrary: { paths: [lib] }\noutput: { path: o.mp4 }\n"
        expectDiagnostic(base + "timeframe: 1️⃣{}", containing: "timeframe needs exactly one of")
        expectDiagnostic(base + "timeframe: { month: 2024-12, 1️⃣year: 2024 }", containing: "timeframe has both 'month' and 'year'")
        expectDiagnostic(base + "timeframe: { last: week, 1️⃣from: 2024-01-01, to: 2024-01-02 }", containing: "has both 'last' and 'from'")
        expectDiagnostic(base + "timeframe: { 1️⃣from: 2024-12-01 }", containing: "timeframe.from needs timeframe.to too")
        expectDiagnostic(base + "timeframe: { 1️⃣to: 2024-12-01 }", containing: "timeframe.to needs timeframe.from too")
        expectDiagnostic(
            base + "timeframe: { from: 2024-12-31, to: 1️⃣2024-12-01 }",
            containing: "timeframe.to 2024-12-01 is before timeframe.from 2024-12-31; swap them")
        expectDiagnostic(base + "timeframe: { from: 1️⃣2024-02-30, to: 2024-03-01 }", containing: "a date like 2024-12-01")
        expectDiagnostic(base + "timeframe: { month: 1️⃣2024-13 }", containing: "a month like 2024-12")
        expectDiagnostic(base + "timeframe: { year: 1️⃣twenty }", containing: "a whole number 1900…9999")
        expectDiagnostic(base + "timeframe: { last: 1️⃣fortnight }", containing: "month, week, year or a number of days")
        expectDiagnostic(base + "timeframe: { last: 1️⃣0d }", containing: "month, week, year or a number of days")
        #expect(validJob(base + "timeframe: { from: 2024-12-01, to: 2024-12-01 }") != nil)
    }

    @Test func daysOutsideTheTimeframeAreWarnings() {
        expectDiagnostic(
            job("days: { 1️⃣2025-01-01: { caption: x } }"), .warning, containing: "2025-01-01 is outside the timeframe 2024-12-01…2024-12-31")
        let (result, _) = load(minimalJob.replacingOccurrences(of: "month: 2024-12", with: "last: month") + "\ndays: { 2020-01-01: { skip: true } }")
        #expect(result.diagnostics.isEmpty, "a moving timeframe is not checked")
        #expect(result.job != nil)
    }

    @Test func daysRules() {
        expectDiagnostic(job("days: { 1️⃣Dec 25: { skip: true } }"), containing: "a days key must be a date like 2024-12-25")
        expectDiagnostic(job("days: { 2024-12-25: { 1️⃣capton: x } }"), containing: "did you mean 'caption'?")
        expectDiagnostic(job("days: { 2024-12-25: { skip: 1️⃣yes } }"), containing: "true or false")
        expectDiagnostic(job("days: { 2024-12-25: { pin: 1️⃣{ start: 1s } } }"), containing: "missing required key 'days.2024-12-25.pin.file'")
        expectDiagnostic(job("days: { 2024-12-25: { pin: { file: a.mov, start: 1️⃣soon } } }"), containing: "middle, auto or a duration")
        expectDiagnostic(job("days: { 2024-12-25: { skip: true, pin: 1️⃣a.mov } }"), .warning, containing: "both skip: true and a pin")
        expectDiagnostic(job("days: 1️⃣[2024-12-25]"), containing: "days must be a mapping of dates")
    }

    @Test func transitionMustBeShorterThanClips() {
        expectDiagnostic(job("transition: { duration: 1️⃣3s }"), containing: "transition.duration 3s must be shorter than clips.video.duration 3s")
        expectDiagnostic(
            job("clips: { live_photo: { duration: 1s } }\ntransition: { style: fade, duration: 1️⃣1s }"),
            containing: "shorter than clips.live_photo.duration 1s")
        expectDiagnostic(
            job("clips: { video: { duration: 1️⃣400ms } }\ntransition: 1️⃣{ style: crossfade }"), containing: "transition.duration 500ms must be shorter")
    }

    @Test func outputRules() {
        let base = "version: 1\nlibrary: { paths: [lib] }\ntimeframe: { year: 2024 }\n"
        expectDiagnostic(base + "output: { path: o.mp4, video: { crf: 1️⃣52 } }", containing: "output.video.crf must be a whole number 0…51")
        expectDiagnostic(base + "output: { path: o.mp4, video: { crf: 1️⃣-1 } }", containing: "0…51")
        expectDiagnostic(base + "output: { path: o.mp4, video: { preset: 1️⃣superslow } }", containing: "unknown output.video.preset 'superslow'")
        expectDiagnostic(base + "output: { path: o.mp4, video: { codec: 1️⃣vp9 } }", containing: "one of: h264, hevc, av1")
        expectDiagnostic(base + "output: { path: o.mp4, resolution: 1️⃣1281x720 }", containing: "odd width; encoders need even sizes, use 1280x720")
        expectDiagnostic(base + "output: { path: o.mp4, resolution: 1️⃣1280x719 }", containing: "odd height")
        expectDiagnostic(base + "output: { path: o.mp4, resolution: 1️⃣4k }", containing: "480p, 720p, 1080p, 1440p, 2160p or WxH")
        expectDiagnostic(base + "output: { path: o.mp4, resolution: 1280x720, aspect: 1️⃣\"9:16\" }", .warning, containing: "aspect is ignored")
        expectDiagnostic(base + "output: { path: o.mp4, aspect: 1️⃣\"16/9\" }", containing: "a ratio W:H")
        expectDiagnostic(base + "output: { path: 1️⃣lib }", containing: "output.path 'lib' is an existing folder")
        expectDiagnostic(base + "output: { path: o.mp4, fit: 1️⃣crop }", containing: "one of: contain, cover, blur")
        expectDiagnostic(base + "output: { path: o.mp4, fps: 1️⃣0 }", containing: "1…120")
        expectDiagnostic(base + "output: { path: o.mp4, fps: 1️⃣29.97 }", containing: "whole number")
        expectDiagnostic(base + "output: { path: o.mp4, background: 1️⃣\"#12345\" }", containing: "\"#RRGGBB\" or \"#RRGGBBAA\"")
        expectDiagnostic(base + "output:\n  path: o.mp4\n  background:1️⃣ #000000", containing: "quote colours")
        expectDiagnostic(base + "output: { path: o.mp4, audio: { bitrate: 1️⃣8k } }", containing: "a bitrate 32k…512k")
        expectDiagnostic(base + "output: { path: o.mp4, audio: { codec: 1️⃣mp3 } }", containing: "one of: aac")
    }

    @Test func libraryRules() {
        let rest = "\ntimeframe: { year: 2024 }\noutput: { path: o.mp4 }"
        expectDiagnostic("version: 1\nlibrary: { paths: [1️⃣nowhere] }" + rest, .warning, containing: "library folder 'nowhere' does not exist")
        expectDiagnostic("version: 1\nlibrary: { paths: 1️⃣[] }" + rest, containing: "library.paths is empty")
        expectDiagnostic("version: 1\nlibrary: { paths: 1️⃣lib }" + rest, containing: "library.paths must be a list like [../media]")
        expectDiagnostic(
            "version: 1\nlibrary: { paths: [lib], timezone: 1️⃣Europe/Pari }" + rest,
            containing: "unknown library.timezone 'Europe/Pari'; did you mean 'Europe/Paris'?")
        expectDiagnostic("version: 1\nlibrary: { paths: [lib], exclude: 1️⃣\"*.tmp\" }" + rest, containing: "must be a list")
        expectDiagnostic("version: 1\nlibrary: { paths: [lib], exclude: [1️⃣\"\"] }" + rest, containing: "a non-empty glob pattern")
    }

    @Test func selectionAndClipRules() {
        expectDiagnostic(job("selection: { prefer: [video, 1️⃣video] }"), containing: "names 'video' twice")
        expectDiagnostic(job("selection: { prefer: 1️⃣[] }"), containing: "selection.prefer is empty")
        expectDiagnostic(job("clips: { video: { duration: 1️⃣forever } }"), containing: "full or a duration like 3s")
        expectDiagnostic(job("clips: { video: { start: 1️⃣centre } }"), containing: "middle, auto or a duration")
        expectDiagnostic(job("clips: { video: { duration: 1️⃣0s } }\ntransition: { style: cut }"), containing: "must be longer than 0s")
        expectDiagnostic(
            job("clips: { picture: {} }").replacingOccurrences(of: "{ picture", with: "{ 1️⃣picture"), containing: "unknown key 'picture' in clips")
    }

    @Test func audioRules() {
        expectDiagnostic(job("audio: { music: 1️⃣{ volume: 0.5 } }"), containing: "missing required key 'audio.music.file'")
        expectDiagnostic(job("audio: { music: { file: 1️⃣nothere.m4a } }"), .warning, containing: "audio.music.file 'nothere.m4a' does not exist")
        expectDiagnostic(job("audio: { music: { file: 1️⃣lib } }"), containing: "is a folder; name a file")
        expectDiagnostic(job("audio: { normalize: 1️⃣\"true\" }"), containing: "true or false")
        let folder = JobFolder()
        _ = FileManager.default.createFile(atPath: folder.path + "/m.m4a", contents: Data())
        let marked = MarkedYAML(job("audio: { music: { file: m.m4a, volume: 1️⃣1.5, duck: 2️⃣-0.1, fade_out: 3️⃣2 seconds } }"))
        let result = folder.load(marked)
        #expect(result.errors.map(\.location) == ["1️⃣", "2️⃣", "3️⃣"].map { marked.location($0) })
        #expect(result.errors[0].message == "audio.music.volume must be a number 0…1; found '1.5'")
    }

    @Test func filesThatExistAreRecordedWithTheirKindKeyAndPlace() {
        let folder = JobFolder()
        for name in ["m.m4a", "logo.png", "v.mov", "F.ttf"] {
            _ = FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data())
        }
        let marked = MarkedYAML(
            job(
                """
                audio: { music: { file: 1️⃣m.m4a } }
                overlays:
                  - image: { file: 2️⃣logo.png }
                  - video: { file: 3️⃣v.mov, rect: { x: 0, y: 0, width: 0.5, height: 0.5 } }
                  - date: { font: 4️⃣F.ttf }
                  - text: { text: hi, font: Missing.ttf }
                """))
        let result = folder.load(marked)
        #expect(result.files.map(\.kind) == [.sound, .picture, .movie, .font], "the missing font is a warning only")
        #expect(result.files.map(\.key) == ["audio.music.file", "overlays[0].image.file", "overlays[1].video.file", "overlays[2].date.font"])
        #expect(result.files.map(\.location) == ["1️⃣", "2️⃣", "3️⃣", "4️⃣"].map { marked.location($0) })
        #expect(result.files.map(\.path) == ["m.m4a", "logo.png", "v.mov", "F.ttf"].map { folder.path + "/" + $0 })
    }

    @Test func overlayRules() {
        expectDiagnostic(job("overlays: 1️⃣{ date: {} }"), containing: "overlays must be a list")
        expectDiagnostic(job("overlays: [1️⃣{ date: {}, text: { text: x } }]"), containing: "overlays[0] must be one of date, text, image, video")
        expectDiagnostic(job("overlays: [{ text: 1️⃣{ position: center } }]"), containing: "missing required key 'overlays[0].text.text'")
        expectDiagnostic(job("overlays: [{ date: { position: { x: 1️⃣1.5, y: 0 } } }]"), containing: "overlays[0].date.position.x must be a number 0…1")
        expectDiagnostic(job("overlays: [{ date: { position: 1️⃣{ x: 0.5 } } }]"), containing: "missing required key 'overlays[0].date.position.y'")
        expectDiagnostic(job("overlays: [{ date: { size: 1️⃣0 } }]"), containing: "0.001…1")
        expectDiagnostic(job("overlays: [{ image: { file: 1️⃣logo.png } }]"), .warning, containing: "does not exist")
        expectDiagnostic(
            job("overlays: [{ date: { font: 1️⃣fonts/Missing.ttf } }]"), .warning,
            containing: "overlays[0].date.font 'fonts/Missing.ttf' does not exist")
        expectDiagnostic(
            job("overlays: [{ text: { text: hi, font: 1️⃣Gone.otf } }]"), .warning, containing: "overlays[0].text.font 'Gone.otf' does not exist")
        expectDiagnostic(job("outro: { text: bye, font: 1️⃣Gone.otf }"), .warning, containing: "outro.font 'Gone.otf' does not exist")
        expectDiagnostic(job("overlays: [{ video: { file: v.mov, rect: 1️⃣{ x: 0, y: 0, width: 0, height: 0.5 } } }]"), containing: "is empty")
        expectDiagnostic(
            job("overlays: [{ image: { file: lib, opacity: 1️⃣2 } }]").replacingOccurrences(of: "file: lib", with: "file: x.png"),
            containing: "opacity must be a number 0…1")
        expectDiagnostic(
            job("overlays: [{ video: { file: v.mov, rect: 1️⃣{ x: 0.5, y: 0, width: 0.6, height: 0.2 } } }]"),
            containing: "reaches outside the frame")
        expectDiagnostic(
            job("overlays: [{ video: { file: v.mov, rect: 1️⃣{ x: 0, y: 0, width: 1 } } }]"),
            containing: "missing required key 'overlays[0].video.rect.height'")
        expectDiagnostic(job("overlays: [{ video: 1️⃣{ file: v.mov } }]"), containing: "missing required key 'overlays[0].video.rect'")
    }

    @Test func titleCardRules() {
        expectDiagnostic(job("intro: 1️⃣{ duration: 2s }"), containing: "missing required key 'intro.text'")
        expectDiagnostic(job("outro: { text: bye, duration: 1️⃣0s }"), containing: "outro.duration must be longer than 0s")
        expectDiagnostic(job("intro: 1️⃣Hello"), containing: "intro must be a mapping of keys (text, duration, font, background, color)")
        expectDiagnostic(job("intro: { text: hi, background: 1️⃣blurry }"), containing: "intro.background must be blur or a colour \"#RRGGBB\"")
        expectDiagnostic(job("outro: { text: bye, color: 1️⃣white }"), containing: "outro.color must be a colour")
        #expect(
            validJob(job("intro: { text: hi, background: blur, color: \"#FFCC00\" }"))?.intro
                == Job.TitleCard(
                    text: "hi", background: .blur, color: RGBAColor(red: 255, green: 204, blue: 0)))
        #expect(validJob(job("outro: { text: bye, background: \"#102030\" }"))?.outro?.background == .color(RGBAColor(red: 16, green: 32, blue: 48)))
        #expect(validJob(job("outro: { text: bye }"))?.outro?.background == nil)
    }

    @Test func wrongShapesAreReported() {
        expectDiagnostic("1️⃣[1, 2]", containing: "a job file must be a mapping of keys")
        expectDiagnostic(job("selection: 1️⃣latest"), containing: "selection must be a mapping")
        expectDiagnostic(job("1️⃣[a]: 1"), containing: "keys must be plain text")
        expectDiagnostic(job("name: 1️⃣[a, b]"), containing: "name must be text")
    }

    @Test func emptyFileIsAnError() {
        let (result, _) = load("# nothing here\n")
        #expect(result.diagnostics.map(\.message) == ["the job file is empty; start with 'version: 1'"])
    }

    @Test func yamlProblemsBecomeDiagnostics() {
        expectDiagnostic(job("1️⃣version: 1"), containing: "duplicate key 'version' (first written at line 1, column 1)")
        expectDiagnostic(job("library:\n1️⃣\tpaths: [x]"), containing: "tab character in indentation")
        expectDiagnostic(job("1️⃣---\nb: 1"), containing: "a second YAML document")
    }

    @Test func everyProblemIsReportedAtOnce() {
        let (result, marked) = load(
            """
            version: 1️⃣3
            library: { paths: [lib], timezone: 2️⃣Mars/Olympus }
            timeframe: { from: 2024-12-31, to: 3️⃣2024-12-01 }
            output: { path: o.mp4, resolution: 4️⃣1081x720, video: { crf: 5️⃣99 } }
            transition: { style: 6️⃣dissolve }
            7️⃣extra: true
            """)
        #expect(result.job == nil)
        #expect(result.errors.map(\.location) == MarkedYAML.markerNames.prefix(7).map { marked.location($0) })
        #expect(result.diagnostics.allSatisfy { $0.description.hasPrefix("job.yaml:") })
    }
}

/// Cases found by auditing the validator against the job format.
@Suite("Job validation: audit findings")
struct JobValidationAuditTests {
    @Test func aUTF8ByteOrderMarkIsNotContent() {
        let result = JobLoader.load(bytes: [0xEF, 0xBB, 0xBF] + Array(minimalJob.utf8), file: "job.yaml", directory: "/tmp")
        #expect(result.errors.isEmpty, "\(result.diagnostics)")
    }

    @Test func theDefaultTransitionMustBeShorterThanTheClips() {
        expectDiagnostic(
            minimalJob + "\nclips: 1️⃣{ video: { duration: 400ms } }",
            containing: "transition.duration 500ms must be shorter than clips.video.duration 400ms")
    }

    @Test func anEmptyLibraryPathIsAnError() {
        expectDiagnostic(
            minimalJob.replacingOccurrences(of: "paths: [lib]", with: "paths: [lib, 1️⃣\"\"]"),
            containing: "library.paths has an empty entry")
    }

    @Test func aProblemWithAnAliasIsReportedWhereTheAliasIsUsed() {
        expectDiagnostic(
            minimalJob + "\nname: &n ok\nintro: 1️⃣*n",
            containing: "intro must be a mapping")
    }

    @Test func timeZonesComeFromTheZoneDatabaseWithAHintForCase() {
        expectDiagnostic(
            minimalJob.replacingOccurrences(of: "paths: [lib]", with: "paths: [lib], timezone: 1️⃣utc"),
            containing: "unknown library.timezone 'utc'; did you mean 'UTC'?")
        expectDiagnostic(
            minimalJob.replacingOccurrences(of: "paths: [lib]", with: "paths: [lib], timezone: 1️⃣PST"),
            containing: "unknown library.timezone 'PST'")
        #expect(validJob(minimalJob.replacingOccurrences(of: "paths: [lib]", with: "paths: [lib], timezone: UTC")) != nil)
    }

    @Test func aBadTimeframeDoesNotWarnAboutDaysOutsideIt() {
        let (result, _) = load(
            minimalJob.replacingOccurrences(of: "month: 2024-12", with: "month: 2024-13")
                + "\ndays:\n  2024-12-05: { skip: true }")
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(!result.errors.isEmpty)
    }
}

import DVMedia
import DVPlanning
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The built-in themes as a user meets them: listed, printed, exported as plain presets, previewed as
/// PNGs, and rendering the demo library.
@Suite(.serialized, .tags(.endToEnd)) struct ThemesCommandTests {
    @Test("themes lists every theme; --print shows one's preset, whose look is a look of dvpipe's")
    func listAndPrint() throws {
        let listed = try DVPipeProcess.run(["themes"])
        #expect(listed.status == 0)
        for theme in BuiltInTheme.all {
            #expect(listed.standardOutput.contains("theme:\(theme.name)  ") || listed.standardOutput.contains("theme:\(theme.name) "))
        }
        let film = try DVPipeProcess.run(["themes", "--print", "film"])
        #expect(film.standardOutput == BuiltInTheme.named("theme:film")?.preset)
        let unknown = try DVPipeProcess.run(["themes", "--print", "noir"])
        #expect(unknown.status != 0 && unknown.standardError.contains("no built-in theme 'noir'"))
        #expect(Set(BuiltInTheme.lookNames) == Set(ThemeLook.allCases.map(\.rawValue)), "every look a theme may name is made by code")
        #expect(BuiltInTheme.prefix == ThemeLook.prefix, "a lut: names a look made by code as the job's theme prefix does")
    }

    @Test("each theme renders the demo library: its look and styles on every day, validated through extends: theme:NAME")
    func eachThemeRendersTheDemo() async throws {
        let demo = try await DemoFixture.shared.demoFolder()
        let scratch = try TemporaryFolder("themes")
        let plainJob = scratch.url.appendingPathComponent("plain.yaml")
        func job(_ theme: String?) -> String {
            """
            version: 1
            \(theme.map { "extends: theme:\($0)" } ?? "")
            library: { paths: [\(demo.appendingPathComponent("library").path)] }
            timeframe: { from: 2024-12-01, to: 2024-12-07 }
            clips: { video: { duration: 1s }, live_photo: { duration: 1s } }
            output: { path: out/\(theme ?? "plain").mp4, resolution: 320x180, fps: 15 }
            days: { 2024-12-03: { caption: "Grandma's birthday" } }

            """
        }
        try job(nil).write(to: plainJob, atomically: true, encoding: .utf8)
        let plain = try DVPipeProcess.run(["run", plainJob.path, "--progress", "none"])
        try #require(plain.status == 0, "\(plain.standardError)")
        var reels: Set<Data> = [try Data(contentsOf: scratch.url.appendingPathComponent("out/plain.mp4"))]
        for theme in BuiltInTheme.all {
            let file = scratch.url.appendingPathComponent("\(theme.name).yaml")
            try job(theme.name).write(to: file, atomically: true, encoding: .utf8)
            let validated = try DVPipeProcess.run(["validate", file.path])
            #expect(validated.status == 0, "\(theme.name): \(validated.standardOutput)")
            let run = try DVPipeProcess.run(["run", file.path, "--progress", "none"])
            #expect(run.status == 0, "\(theme.name): \(run.standardError)")
            let reel = scratch.url.appendingPathComponent("out/\(theme.name).mp4")
            let census = try FrameCensus.take(reel)
            #expect(census.pictureWidth == 320 && census.videoFrames > 0)
            reels.insert(try Data(contentsOf: reel))
        }
        #expect(reels.count == BuiltInTheme.all.count + 1, "each theme gives a reel of its own, none the plain one")
    }

    @Test("--preview writes a PNG per theme; --export writes each preset and its look as plain files that a job extends")
    func previewAndExport() throws {
        let scratch = try TemporaryFolder("themes-files")
        let preview = try DVPipeProcess.run(["themes", "--preview", scratch.url.appendingPathComponent("previews").path])
        #expect(preview.status == 0, "\(preview.standardError)")
        for theme in BuiltInTheme.all {
            let png = scratch.url.appendingPathComponent("previews/\(theme.name).png")
            let picture = try RGBPicture.read(from: png)
            #expect(picture.width == 16 + 3 * (480 + 16) && picture.height == 270 + 32, "\(theme.name)")
        }
        let previews = try BuiltInTheme.all.map { try Data(contentsOf: scratch.url.appendingPathComponent("previews/\($0.name).png")) }
        #expect(Set(previews).count == previews.count, "each theme looks different")

        let export = try DVPipeProcess.run(["themes", "--export", scratch.url.appendingPathComponent("presets").path])
        #expect(export.status == 0, "\(export.standardError)")
        let cube = try String(contentsOf: scratch.url.appendingPathComponent("presets/film.cube"), encoding: .utf8)
        let table = try CubeLUT(parsing: cube)
        let sample = SIMD3(0.3, 0.55, 0.8)
        let difference = table.apply(sample) - ThemeLook.film.table.apply(sample)
        #expect((difference * difference).max() < 1e-10, "the exported .cube is the look made by code")
        let preset = try String(contentsOf: scratch.url.appendingPathComponent("presets/film.yaml"), encoding: .utf8)
        #expect(preset.contains("lut: film.cube") && !preset.contains("theme:"))
        let job = scratch.url.appendingPathComponent("job.yaml")
        try "version: 1\nextends: presets/film.yaml\nlibrary: { paths: [presets] }\ntimeframe: { month: 2024-12 }\noutput: { path: x.mp4 }\n"
            .write(to: job, atomically: true, encoding: .utf8)
        let validated = try DVPipeProcess.run(["validate", job.path])
        #expect(validated.status == 0, "\(validated.standardOutput)")
    }
}

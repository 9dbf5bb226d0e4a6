import DVMedia
import DVPlanning
import DVRender
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVPipeCommands

/// The built-in themes as a user meets them: listed, printed, exported as plain presets, previewed as
/// PNGs, and rendering the demo library.
@Suite(.serialized, .tags(.endToEnd)) struct ThemesCommandTests {
    @Test("--preview draws each shape under each profile: the margins a platform covers shaded, every text inside the safe area")
    func previewShadesTheUnsafeMargins() throws {
        let scratch = try TemporaryFolder("themes-safe")
        let preview = try DVPipeProcess.run(["themes", "--preview", scratch.url.path])
        #expect(preview.status == 0, "\(preview.standardError)")
        #expect(ThemePreview.shapes.map(\.name) == ["16:9", "9:16", "1:1"] && ThemePreview.profiles == [nil, .youtube, .shorts, .reels, .tiktok])
        let magenta = { (colour: SRGBColour) in Int(colour.red) + Int(colour.blue) - 2 * Int(colour.green) }
        for theme in BuiltInTheme.all {
            let picture = try RGBPicture.read(from: scratch.url.appendingPathComponent("\(theme.name).png"))
            #expect(picture.width == ThemePreview.size.width && picture.height == ThemePreview.size.height)
            let cells = try ThemePreview.cells(job: try ThemesCommand.previewJob(theme, in: scratch.url))
            #expect(cells.count == 15)
            var shaded = 0
            for cell in cells {
                #expect(cell.texts.count >= 2, "\(theme.name) \(cell.shape.name) \(cell.profile?.rawValue ?? "none"): the date and the caption")
                for text in cell.texts {
                    #expect(
                        text.x >= cell.safe.x && text.y >= cell.safe.y && text.maxX <= cell.safe.maxX && text.maxY <= cell.safe.maxY,
                        "\(theme.name) \(cell.shape.name) \(cell.profile?.rawValue ?? "none"): \(text) outside \(cell.safe)")
                }
                for (index, text) in cell.texts.enumerated() {
                    #expect(!cell.texts[..<index].contains { $0.overlaps(text) }, "\(theme.name) \(cell.shape.name): the texts overlap")
                }
                // The plain cell of the row shows the same picture without margins: the profile's margins are tinted against it.
                let plain = try #require(cells.first { $0.shape == cell.shape && $0.profile == nil })
                let covered = (cell.texts + plain.texts).map { PixelRect(x: $0.x - 2, y: $0.y - 2, width: $0.width + 4, height: $0.height + 4) }
                func sample(_ x: Int, _ y: Int) -> (SRGBColour, SRGBColour)? {
                    let here = PixelRect(x: cell.rect.x + x, y: cell.rect.y + y, width: 1, height: 1)
                    let there = PixelRect(x: plain.rect.x + x, y: plain.rect.y + y, width: 1, height: 1)
                    guard !covered.contains(where: { $0.overlaps(here) || $0.overlaps(there) }) else { return nil }
                    return (picture[here.x, here.y], picture[there.x, there.y])
                }
                let safe = PixelRect(x: cell.safe.x - cell.rect.x, y: cell.safe.y - cell.rect.y, width: cell.safe.width, height: cell.safe.height)
                for margin in ThemePreview.margins(of: safe, width: cell.rect.width, height: cell.rect.height)
                where margin.width >= 6 && margin.height >= 6 {
                    if let (tinted, bare) = sample(margin.x + margin.width / 2, margin.y + margin.height / 2) {
                        #expect(
                            magenta(tinted) > magenta(bare) + 40,
                            "\(theme.name) \(cell.shape.name) \(cell.profile?.rawValue ?? ""): \(margin) not shaded")
                        shaded += 1
                    }
                }
                if let (inside, bare) = sample(safe.x + safe.width / 2, safe.y + safe.height / 2) {
                    #expect(inside == bare, "\(theme.name) \(cell.shape.name) \(cell.profile?.rawValue ?? ""): the safe area is shaded")
                }
            }
            #expect(shaded >= 8, "\(theme.name): margins checked")
        }
    }

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
            #expect(picture.width == 16 + 5 * (384 + 16) && picture.height == 16 + 3 * 20 + 216 + 16 + 384 + 16 + 288 + 16, "\(theme.name)")
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

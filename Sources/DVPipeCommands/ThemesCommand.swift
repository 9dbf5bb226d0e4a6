import ArgumentParser
import DVFiles
import DVMedia
import DVPlanning
import DVRender
import DVSamples
import DVSignal
import Foundation

/// `dvpipe themes`: the built-in themes, their presets, and previews of them.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the built-in themes; print, export or preview them.",
        discussion: """
            A theme is a preset that ships with dvpipe: fonts, the date stamp's style, the captions' look, \
            transitions and a colour look made by dvpipe's own code. A job takes one with \
            `extends: theme:NAME` and can override any of it. --print shows a theme's preset; --export \
            writes each as NAME.yaml with its look as NAME.cube, a plain preset to copy and change \
            (`extends: presets/NAME.yaml`); --preview writes NAME.png, pictures made by code graded \
            with the theme's look and stamped with its date and caption styles, one row per shape (16:9, \
            9:16, 1:1) and one column per delivery profile (none, youtube, shorts, reels, tiktok): the texts \
            are placed as a render of that output places them, inside the profile's safe area, and the \
            margins the platform covers with its own buttons and captions are shaded magenta.

            Example:
              dvpipe themes
              dvpipe themes --print film
              dvpipe themes --preview previews/
              dvpipe themes --export presets/
            """
    )

    @Option(name: .long, help: ArgumentHelp("Print a theme's preset.", valueName: "name"))
    var print: String?

    @Option(name: .long, help: ArgumentHelp("Write each theme's preset (NAME.yaml) and look (NAME.cube) into this folder.", valueName: "dir"))
    var export: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write a preview of each theme (NAME.png: each shape by each profile, the platforms' unsafe margins shaded) into this folder.",
            valueName: "dir"))
    var preview: String?

    func validate() throws {
        if let print, BuiltInTheme.all.first(where: { $0.name == print }) == nil {
            throw ValidationError("no built-in theme '\(print)'; the themes are \(BuiltInTheme.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        if let print, let theme = BuiltInTheme.all.first(where: { $0.name == print }) {
            printOut(theme.preset, terminator: "")
            return
        }
        if let export {
            try each(in: export) { theme, folder in
                let (preset, look) = Self.exported(theme)
                try FileSync.writeAtomically(Data(preset.utf8), to: folder.appendingPathComponent("\(theme.name).yaml"))
                if let look {
                    try FileSync.writeAtomically(Data(look.utf8), to: folder.appendingPathComponent("\(theme.name).cube"))
                }
                return ["\(theme.name).yaml"] + (look == nil ? [] : ["\(theme.name).cube"])
            }
        }
        if let preview {
            try each(in: preview) { theme, folder in
                let job = try Self.previewJob(theme, in: folder)
                let scenes = SampleScene.allCases
                try ThemePreview.write(
                    job: job, picture: { row, width, height in try scenes[row % scenes.count].frame(width: width, height: height) },
                    to: folder.appendingPathComponent("\(theme.name).png"))
                return ["\(theme.name).png"]
            }
        }
        if print == nil, export == nil, preview == nil {
            let width = BuiltInTheme.all.map(\.reference.count).max() ?? 0
            for theme in BuiltInTheme.all {
                printOut(theme.reference.padding(toLength: width + 2, withPad: " ", startingAt: 0) + theme.summary)
            }
            printOut("Use one with `extends: theme:NAME` in a job; `dvpipe themes --preview DIR` shows them.")
        }
    }

    /// Runs `write` for each theme into the folder `path` (made if need be), printing the files it wrote.
    private func each(in path: String, _ write: (BuiltInTheme, URL) throws -> [String]) throws {
        let folder = URL(fileURLWithPath: (path as NSString).expandingTildeInPath).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for theme in BuiltInTheme.all {
                for name in try write(theme, folder) {
                    printOut("wrote " + folder.appendingPathComponent(name).path)
                }
            }
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
    }

    /// A theme's preset with its look made by code written out as a `.cube` file beside it: the preset's
    /// text (its `lut` naming `NAME.cube`) and the file's, or no file for a theme without a look.
    static func exported(_ theme: BuiltInTheme) -> (preset: String, look: String?) {
        guard let name = theme.look, let look = ThemeLook(rawValue: name) else { return (theme.preset, nil) }
        let reference = "\"\(BuiltInTheme.prefix)\(name)\""
        return (theme.preset.replacingOccurrences(of: reference, with: "\(theme.name).cube"), look.table.text)
    }

    /// The smallest job that extends `theme`, read as `validate` reads it (any problem is an error).
    static func previewJob(_ theme: BuiltInTheme, in folder: URL) throws -> Job {
        let text = "version: 1\nlibrary: { paths: [.] }\ntimeframe: { month: 2024-12 }\noutput: { path: preview.mp4 }\nextends: \(theme.reference)\n"
        let result = JobLoader.load(text: text, file: "preview.yaml", directory: folder.path).checkingFiles()
        guard let job = result.job else {
            throw ValidationError("the theme \(theme.name) does not load: \(result.diagnostics.map(\.description).joined(separator: "; "))")
        }
        return job
    }
}

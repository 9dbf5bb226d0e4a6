/// A preset that ships with dvpipe (`extends: theme:NAME`): fonts, the date stamp's style, the captions'
/// look, transitions and a look made by dvpipe's own code (`output.look.lut: theme:NAME`). Each is plain
/// job YAML that `dvpipe themes --export` writes out for a user to copy and change.
public struct BuiltInTheme: Sendable, Hashable {
    public let name: String
    /// One line for `dvpipe themes`.
    public let summary: String
    /// The look made by code that its `output.look` names (`lookNames`), if any.
    public let look: String?
    /// The preset's YAML.
    public let preset: String

    /// What names a built-in theme in `extends:`, and a look made by code in a `lut:`, before its name.
    public static let prefix = "theme:"

    /// How a job names it in `extends:`, and how locations name its text.
    public var reference: String { Self.prefix + name }

    /// The names of the looks made by code that a `lut:` may give as `theme:NAME` (DVSignal's `ThemeLook`).
    public static let lookNames = ["film", "bold", "soft"]

    /// The name of the look made by code that the `lut:` value `lut` names (`soft` for `theme:soft`), or nil
    /// when it names a file.
    public static func lookName(of lut: String) -> String? {
        lut.hasPrefix(prefix) ? String(lut.dropFirst(prefix.count)) : nil
    }

    /// The theme a job's `extends: theme:NAME` names, or nil.
    public static func named(_ reference: String) -> BuiltInTheme? {
        all.first { $0.reference == reference }
    }

    private static let fonts = "/usr/share/fonts/truetype/dejavu/"

    /// Every built-in theme, in the order `dvpipe themes` lists them.
    public static let all = [
        BuiltInTheme(
            name: "minimal", summary: "quiet: a small date in the corner, straight cuts, muted colour", look: "soft",
            preset: """
                # dvpipe theme "minimal": a small date in the corner, straight cuts, muted colour.
                transition: { style: cut }
                overlays:
                  - date: { format: "MMM d", position: bottom-left, size: 0.04, font: \(fonts)DejaVuSans.ttf, shadow: "#00000080" }
                captions: { font: \(fonts)DejaVuSans.ttf, size: 0.045, case: lower, background: "#00000000", fade: 0.4s }
                output:
                  look: { lut: "\(prefix)soft", strength: 0.8 }

                """),
        BuiltInTheme(
            name: "film", summary: "warm film colour, a serif date, slow crossfades", look: "film",
            preset: """
                # dvpipe theme "film": warm highlights and cool shadows, a serif date, slow crossfades.
                transition: { style: crossfade, duration: 0.75s }
                overlays:
                  - date: { format: "d MMMM yyyy", position: bottom-right, size: 0.045, font: \(fonts)DejaVuSerif.ttf, shadow: "#000000A0" }
                captions: { font: \(fonts)DejaVuSerif.ttf, size: 0.05, case: as-is, background: "#00000040", fade: 0.5s }
                output:
                  look: { lut: "\(prefix)film" }

                """),
        BuiltInTheme(
            name: "bold", summary: "punchy: a big bold date, upper-case captions, more contrast and colour", look: "bold",
            preset: """
                # dvpipe theme "bold": a big bold date, upper-case captions on a box, more contrast and colour.
                transition: { style: cut }
                overlays:
                  - date: { format: "EEE d MMM", position: top-left, size: 0.09, font: \(fonts)DejaVuSans-Bold.ttf, box: "#000000B0" }
                captions: { font: \(fonts)DejaVuSans-Bold.ttf, size: 0.07, case: upper, background: "#E0301ED0", fade: 0.15s }
                output:
                  look: { lut: "\(prefix)bold" }

                """)
    ]
}

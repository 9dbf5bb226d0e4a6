internal import CLineBreak
internal import CText
import DVSignal
import Foundation

/// Text laid out as libass and Pango lay it out, for every text dvpipe draws: each paragraph (`\n` ends one)
/// ordered by FriBidi (its direction from its first strong letter, or as `direction` says), cut into runs of
/// one direction, script and font (the text's font first, then the font fontconfig chooses for what it lacks,
/// colour emoji from a colour font), each run shaped by HarfBuzz with its script and language, and the
/// paragraph broken into lines where Unicode's line-breaking rules allow (ICU: between words, and between
/// the characters of scripts written without spaces) when it is wider than `wrapWidth`.
package struct TextLayout {
    /// How a text is laid out.
    package struct Settings: Sendable, Hashable {
        /// The font's em, in pixels.
        package var pixelSize: Int
        /// The text's language (BCP 47 or a POSIX locale: `ja`, `zh_TW`), for choosing fonts and shaping.
        package var language: String?
        package var direction: Direction
        package var alignment: Alignment
        /// The widest a line may be, in pixels, before it is broken; nil: lines break only at `\n`.
        package var wrapWidth: Int?

        package init(
            pixelSize: Int, language: String? = nil, direction: Direction = .auto, alignment: Alignment = .center, wrapWidth: Int? = nil
        ) {
            self.pixelSize = pixelSize
            self.language = language
            self.direction = direction
            self.alignment = alignment
            self.wrapWidth = wrapWidth
        }
    }

    /// One glyph of a line, in visual order: its font (an index into `faces`), its index in that font, and
    /// where it sits from the line's start, in 1/64 pixel.
    struct PlacedGlyph {
        var face: Int
        var index: UInt32
        var x: Int
        var y: Int
    }

    /// One line of glyphs, left to right as drawn, and the direction of its paragraph.
    struct Line {
        var glyphs: [PlacedGlyph]
        var advance: Int
        var rightToLeft: Bool
    }

    /// The fonts the text is drawn with: its own first, then the fallbacks it needed.
    let faces: [FontFace]
    let lines: [Line]
    let settings: Settings

    /// The families of those fonts, in the same order.
    package var fontFamilies: [String] { faces.map(\.familyName) }
    /// The text's runs of one font, in the order they are written, each with the font that draws it: which
    /// fonts the text needed, and where.
    package var fontRuns: [(text: String, face: FontFace)] { runs }
    private let runs: [(text: String, face: FontFace)]

    /// The widest line's advance, in pixels.
    package var width: Int { ((lines.map(\.advance).max() ?? 0) + 63) >> 6 }

    /// Lays out `text` in the font at `fontPath`, what it lacks in `fallbacks` (the files, in order of
    /// preference) or, when nil, in the fonts fontconfig chooses; the faces come from `fonts`.
    package init(_ text: String, fontPath: String, fallbacks: [FontFile]? = nil, settings: Settings, fonts: FontSet) throws {
        self.settings = settings
        var faces = [try fonts.face(fontPath, pixelSize: settings.pixelSize)]
        let choice = FontChoice(fallbacks: fallbacks, language: settings.language, fonts: fonts)
        var lines: [Line] = []
        var runs: [(text: String, face: FontFace)] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(paragraph.unicodeScalars)
            lines += try Self.layOut(scalars, settings: settings, faces: &faces, choice: choice)
            for (scalar, face) in zip(scalars, try choice.faces(for: scalars, faces: &faces)) {
                if runs.last?.face === faces[face] {
                    runs[runs.count - 1].text.unicodeScalars.append(scalar)
                } else {
                    runs.append((String(scalar), faces[face]))
                }
            }
        }
        self.faces = faces
        self.lines = lines
        self.runs = runs
    }

    /// The font files `text` needs besides the one at `fontPath`, as fontconfig chooses them for `language`,
    /// in the order it first needs them, and the characters no installed font has (drawn as boxes).
    package static func fallbacks(for text: String, fontPath: String, language: String?, fonts: FontSet) throws -> (
        files: [FontFile], missing: [Unicode.Scalar]
    ) {
        let primary = try fonts.face(fontPath, pixelSize: 16)
        var faces = [primary]
        var missing: [Unicode.Scalar] = []
        let choice = FontChoice(fallbacks: nil, language: language, fonts: fonts)
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(paragraph.unicodeScalars)
            for (scalar, face) in zip(scalars, try choice.faces(for: scalars, faces: &faces)) where face == 0 && !primary.has(scalar) {
                if !scalar.properties.isWhitespace, scalar.properties.generalCategory != .control, !joinsPrevious(scalar), !missing.contains(scalar) {
                    missing.append(scalar)
                }
            }
        }
        return (faces.dropFirst().map(\.file), missing)
    }

    // MARK: Paragraphs into lines

    private static func layOut(_ scalars: [Unicode.Scalar], settings: Settings, faces: inout [FontFace], choice: FontChoice) throws -> [Line] {
        let (levels, rightToLeft) = bidiLevels(scalars, direction: settings.direction)
        guard !scalars.isEmpty else { return [Line(glyphs: [], advance: 0, rightToLeft: rightToLeft)] }
        let fontOf = try choice.faces(for: scalars, faces: &faces)
        let scripts = resolvedScripts(scalars)
        let runs = itemize(count: scalars.count) {
            ($0 == 0) || levels[$0] != levels[$0 - 1] || scripts[$0] != scripts[$0 - 1] || fontOf[$0] != fontOf[$0 - 1]
        }
        var advances = [Int](repeating: 0, count: scalars.count)
        for run in runs {
            for glyph in shape(
                scalars, run, level: levels[run.lowerBound], script: scripts[run.lowerBound], face: faces[fontOf[run.lowerBound]],
                language: settings.language)
            {
                advances[glyph.cluster] += glyph.advance
            }
        }
        let breaks = lineBreaks(scalars, language: settings.language)
        var lines: [Line] = []
        for range in wrap(scalars, advances: advances, breaks: breaks, width: settings.wrapWidth.map { $0 * 64 }) {
            var end = range.upperBound
            while end > range.lowerBound, scalars[end - 1].properties.isWhitespace { end -= 1 }
            let visible = range.lowerBound..<end
            var lineRuns = itemize(count: visible.count) { offset in
                let index = visible.lowerBound + offset
                return offset == 0 || levels[index] != levels[index - 1] || scripts[index] != scripts[index - 1] || fontOf[index] != fontOf[index - 1]
            }.map { ($0.lowerBound + visible.lowerBound)..<($0.upperBound + visible.lowerBound) }
            lineRuns = visualOrder(lineRuns, levels: levels)
            var glyphs: [PlacedGlyph] = []
            var pen = 0
            for run in lineRuns {
                let face = fontOf[run.lowerBound]
                for glyph in shape(
                    scalars, run, level: levels[run.lowerBound], script: scripts[run.lowerBound], face: faces[face], language: settings.language)
                {
                    glyphs.append(PlacedGlyph(face: face, index: glyph.index, x: pen + glyph.xOffset, y: glyph.yOffset))
                    pen += glyph.advance
                }
            }
            lines.append(Line(glyphs: glyphs, advance: pen, rightToLeft: rightToLeft))
        }
        return lines
    }

    /// FriBidi's embedding level of each character, and whether the paragraph runs right to left.
    private static func bidiLevels(_ scalars: [Unicode.Scalar], direction: Direction) -> ([Int8], Bool) {
        var base: FriBidiParType =
            switch direction {
            case .auto: dv_fribidi_par_auto()
            case .ltr: dv_fribidi_par_ltr()
            case .rtl: dv_fribidi_par_rtl()
            }
        guard !scalars.isEmpty else { return ([], direction == .rtl) }
        let characters = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: characters.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: characters.count)
        var levels = [FriBidiLevel](repeating: 0, count: characters.count)
        fribidi_get_bidi_types(characters, FriBidiStrIndex(characters.count), &types)
        fribidi_get_bracket_types(characters, FriBidiStrIndex(characters.count), types, &brackets)
        let result = fribidi_get_par_embedding_levels_ex(types, brackets, FriBidiStrIndex(characters.count), &base, &levels)
        guard result != 0 else { return (levels.map { _ in 0 }, false) }
        return (levels.map { Int8($0) }, base == dv_fribidi_par_rtl())
    }

    /// Characters drawn with the one before them: combining marks, joiners, variation selectors, emoji
    /// modifiers and tags.
    static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: break
        }
        return scalar.value == 0x200D || scalar.value == 0x200C || (0xFE00...0xFE0F).contains(scalar.value)
            || (0x1F3FB...0x1F3FF).contains(scalar.value) || (0xE0020...0xE007F).contains(scalar.value)
    }

    /// Each character's script, HarfBuzz's, a common or inherited one (spaces, digits, punctuation, marks)
    /// taking the script of the letters before it, or at the start, after it.
    private static func resolvedScripts(_ scalars: [Unicode.Scalar]) -> [UInt32] {
        let functions = hb_unicode_funcs_get_default()
        let common = HB_SCRIPT_COMMON.rawValue, inherited = HB_SCRIPT_INHERITED.rawValue, unknown = HB_SCRIPT_UNKNOWN.rawValue
        let raw = scalars.map { hb_unicode_script(functions, $0.value).rawValue }
        let isNeutral = { (script: UInt32) in script == common || script == inherited || script == unknown }
        var resolved = raw
        var last = raw.first(where: { !isNeutral($0) }) ?? common
        for index in resolved.indices {
            if isNeutral(resolved[index]) { resolved[index] = last } else { last = resolved[index] }
        }
        return resolved
    }

    /// `0..<count` cut before every position where `startsRun` holds.
    private static func itemize(count: Int, startsRun: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0
        for position in 1..<max(1, count) where startsRun(position) {
            runs.append(start..<position)
            start = position
        }
        if count > 0 { runs.append(start..<count) }
        return runs
    }

    /// `runs` (in logical order) in the order they are drawn, left to right: Unicode's rule L2, every
    /// sequence of runs at a level or above reversed, from the highest level down to the lowest odd one.
    private static func visualOrder(_ runs: [Range<Int>], levels: [Int8]) -> [Range<Int>] {
        let runLevels = runs.map { levels[$0.lowerBound] }
        guard let highest = runLevels.max(), let lowestOdd = runLevels.filter({ $0 % 2 == 1 }).min() else { return runs }
        var order = Array(runs.indices)
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < order.count {
                guard runLevels[order[index]] >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < order.count, runLevels[order[end]] >= level { end += 1 }
                order[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return order.map { runs[$0] }
    }

    // MARK: Shaping

    /// A shaped glyph: its index in the font, the character (of the paragraph) it belongs to, and its
    /// advance and offsets in 1/64 pixel.
    private struct ShapedGlyph {
        var index: UInt32
        var cluster: Int
        var advance: Int
        var xOffset: Int
        var yOffset: Int
    }

    /// The glyphs of `run` of `scalars`, in visual order, shaped by HarfBuzz with the text around it as context.
    private static func shape(
        _ scalars: [Unicode.Scalar], _ run: Range<Int>, level: Int8, script: UInt32, face: FontFace, language: String?
    ) -> [ShapedGlyph] {
        guard let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map(\.value)
        hb_buffer_add_utf32(buffer, codepoints, Int32(codepoints.count), UInt32(run.lowerBound), Int32(run.count))
        hb_buffer_set_direction(buffer, level % 2 == 1 ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hb_script_t(rawValue: script))
        if let language {
            hb_buffer_set_language(buffer, hb_language_from_string(language.replacingOccurrences(of: "_", with: "-"), -1))
        }
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(face.shaper, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { index in
            ShapedGlyph(
                index: infos[index].codepoint, cluster: Int(infos[index].cluster), advance: face.scaled(positions[index].x_advance),
                xOffset: face.scaled(positions[index].x_offset), yOffset: face.scaled(positions[index].y_offset)
            )
        }
    }

    // MARK: Line breaking

    /// The positions (scalar indices) where a line may start, by ICU's line-breaking rules (UAX #14); after
    /// spaces alone should ICU fail.
    private static func lineBreaks(_ scalars: [Unicode.Scalar], language: String?) -> Set<Int> {
        var utf16: [UInt16] = []
        var scalarAt: [Int: Int] = [:]
        for (index, scalar) in scalars.enumerated() {
            scalarAt[utf16.count] = index
            utf16 += UTF16.encode(scalar).map { Array($0) } ?? []
        }
        var offsets = [Int32](repeating: 0, count: utf16.count + 1)
        let count = dv_line_breaks(utf16, Int32(utf16.count), language ?? "", &offsets, Int32(offsets.count))
        guard count >= 0 else {
            return Set(scalars.indices.filter { $0 > 0 && scalars[$0 - 1].properties.isWhitespace })
        }
        return Set(offsets.prefix(Int(count)).compactMap { scalarAt[Int($0)] })
    }

    /// The lines of a paragraph (ranges of its characters, spaces at their ends included) broken at `breaks`
    /// so that each fits `width` (1/64 pixel), where a break allows; one line when `width` is nil.
    private static func wrap(_ scalars: [Unicode.Scalar], advances: [Int], breaks: Set<Int>, width: Int?) -> [Range<Int>] {
        guard let width else { return [0..<scalars.count] }
        var lines: [Range<Int>] = []
        var start = 0
        var lastBreak: Int?
        var used = 0
        for index in scalars.indices {
            if index > start, breaks.contains(index) { lastBreak = index }
            used += advances[index]
            if used > width, !scalars[index].properties.isWhitespace, let cut = lastBreak, cut > start {
                lines.append(start..<cut)
                start = cut
                lastBreak = nil
                used = advances[cut...index].reduce(0, +)
            }
        }
        lines.append(start..<scalars.count)
        return lines
    }

    // MARK: Drawing

    /// The text drawn: each line's ink lined up as `settings.alignment` says (`start` and `end` on the
    /// paragraph's own side), baselines one line height of the text's font apart.
    package func image() throws -> TextImage {
        for face in faces where face.pixelSize != settings.pixelSize {
            try face.setPixelSize(settings.pixelSize)
        }
        let primary = faces[0]
        let lineHeight = max(primary.lineHeight, 1)
        // Each line's ink, tight around it, and its colour glyphs.
        var drawn: [(mask: TextMask, colour: [UInt8], colourMask: TextMask, left: Int, top: Int, rightToLeft: Bool)] = []
        for line in lines {
            var placed: [(glyph: FontFace.Glyph, x: Int, y: Int)] = []
            for glyph in line.glyphs {
                let rendered = try faces[glyph.face].glyph(glyph.index)
                placed.append((rendered, ((glyph.x + 32) >> 6) + rendered.left, -((glyph.y + 32) >> 6) - rendered.top))
            }
            let inked = placed.filter { $0.glyph.mask.width > 0 && $0.glyph.mask.height > 0 }
            guard let left = inked.map(\.x).min(), let top = inked.map(\.y).min(),
                let right = inked.map({ $0.x + $0.glyph.mask.width }).max(), let bottom = inked.map({ $0.y + $0.glyph.mask.height }).max()
            else {
                drawn.append((TextMask(width: 0, height: 0), [], TextMask(width: 0, height: 0), 0, 0, line.rightToLeft))
                continue
            }
            var mask = TextMask(width: right - left, height: bottom - top, baseline: -top)
            var colourMask = TextMask(width: 0, height: 0)
            var colour: [UInt8] = []
            for (glyph, x, y) in inked {
                if glyph.colour.isEmpty {
                    mask.place(glyph.mask, x: x - left, y: y - top)
                    continue
                }
                if colour.isEmpty {
                    colourMask = TextMask(width: mask.width, height: mask.height, baseline: mask.baseline)
                    colour = [UInt8](repeating: 0, count: mask.width * mask.height * 4)
                }
                Self.composite(glyph, into: &colour, mask: &colourMask, x: x - left, y: y - top)
            }
            drawn.append((mask, colour, colourMask, left, top, line.rightToLeft))
        }
        let width = drawn.map(\.mask.width).max() ?? 0
        // Lines sit on baselines one line height apart from the font's ascender; ink above the first line's
        // ascender or below the last line's descender grows the block rather than being cut.
        let above = max(0, drawn.enumerated().map { index, line in -(index * lineHeight + primary.ascender + line.top) }.max() ?? 0)
        let naturalHeight = lineHeight * lines.count
        let below = max(
            0,
            (drawn.enumerated().map { index, line in index * lineHeight + primary.ascender + line.top + line.mask.height }.max() ?? 0) - naturalHeight
        )
        var block = TextMask(width: width, height: naturalHeight + above + below, baseline: primary.ascender + above)
        var colourBlock: [UInt8] = []
        var colourCoverage = TextMask(width: width, height: block.height, baseline: block.baseline)
        for (index, line) in drawn.enumerated() where line.mask.width > 0 {
            let x: Int =
                switch settings.alignment.resolved(rightToLeft: line.rightToLeft) {
                case .left: 0
                case .right: width - line.mask.width
                default: (width - line.mask.width) / 2
                }
            let y = above + index * lineHeight + primary.ascender + line.top
            block.place(line.mask, x: x, y: y)
            guard !line.colour.isEmpty else { continue }
            if colourBlock.isEmpty { colourBlock = [UInt8](repeating: 0, count: width * block.height * 4) }
            for row in 0..<line.colourMask.height {
                for column in 0..<line.colourMask.width where line.colourMask[column, row] > 0 {
                    let source = (row * line.colourMask.width + column) * 4, target = ((y + row) * width + x + column) * 4
                    for channel in 0..<4 { colourBlock[target + channel] = line.colour[source + channel] }
                    colourCoverage[x + column, y + row] = line.colourMask[column, row]
                }
            }
        }
        return TextImage(mask: block, colour: colourBlock.isEmpty ? nil : ColourGlyphs(rgba: colourBlock, coverage: colourCoverage))
    }

    /// Draws a colour glyph over what `colour` holds, straight alpha over straight alpha.
    private static func composite(_ glyph: FontFace.Glyph, into colour: inout [UInt8], mask: inout TextMask, x: Int, y: Int) {
        for row in 0..<glyph.mask.height where y + row >= 0 && y + row < mask.height {
            for column in 0..<glyph.mask.width where x + column >= 0 && x + column < mask.width {
                let source = (row * glyph.mask.width + column) * 4, target = ((y + row) * mask.width + x + column) * 4
                let top = Int(glyph.colour[source + 3]), under = Int(colour[target + 3])
                guard top > 0 else { continue }
                let alpha = top + under * (255 - top) / 255
                for channel in 0..<3 {
                    let mixed =
                        (Int(glyph.colour[source + channel]) * top + Int(colour[target + channel]) * under * (255 - top) / 255) / max(1, alpha)
                    colour[target + channel] = UInt8(min(255, mixed))
                }
                colour[target + 3] = UInt8(alpha)
                mask[x + column, y + row] = UInt8(alpha)
            }
        }
    }
}

/// A text drawn by `TextLayout`: the coverage of its glyphs in the text's colour, and its colour glyphs
/// (emoji), if any, over the same pixels.
package struct TextImage: Sendable {
    /// The glyphs drawn in the text's colour; its size is the whole block's.
    package var mask: TextMask
    package var colour: ColourGlyphs?

    /// Every pixel with ink, in colour or not: what an outline or a shadow follows.
    package var ink: TextMask {
        guard let colour else { return mask }
        var union = mask
        union.place(colour.coverage, x: 0, y: 0)
        return union
    }
}

/// Colour glyphs over a text block: straight RGBA, four bytes a pixel, and their coverage.
package struct ColourGlyphs: Sendable {
    package var rgba: [UInt8]
    package var coverage: TextMask
}

extension TextLayout {
    /// How the lines of a text of several lines line up with each other: `left`, `center` and `right` as
    /// they say, `start` and `end` on the side a paragraph begins and ends (the left for Latin, the right
    /// for Arabic and Hebrew). The job's `TextAlignment` as the layout draws it.
    package enum Alignment: Sendable, Hashable, CaseIterable {
        case left
        case center
        case right
        case start
        case end
    }

    /// Which way a text's paragraphs run: from their text (the first letter with a direction), or as said.
    /// The job's `TextDirection` as the layout draws it.
    package enum Direction: Sendable, Hashable, CaseIterable {
        case auto
        case ltr
        case rtl
    }
}

extension TextLayout.Alignment {
    /// `left`, `center` or `right` for a paragraph that runs right to left or not: `start` and `end` on the
    /// paragraph's own side.
    func resolved(rightToLeft: Bool) -> TextLayout.Alignment {
        switch self {
        case .start: rightToLeft ? .right : .left
        case .end: rightToLeft ? .left : .right
        default: self
        }
    }
}

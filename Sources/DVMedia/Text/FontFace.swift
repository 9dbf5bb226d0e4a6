internal import CText
import DVSignal
import Foundation

/// A face of a font file: the file and the face's index in it (0 but in a collection).
package struct FontFile: Sendable, Hashable {
    package var path: String
    package var index: Int

    package init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }
}

/// A font file opened with FreeType and HarfBuzz at one pixel size: what `TextLayout` shapes runs of text
/// with and draws their glyphs from.
///
/// Each glyph is rendered by FreeType once per pixel size and kept, so texts drawn again (the date on
/// the next clip, a caption at another opacity) only copy masks. A colour font (Noto Color Emoji's bitmaps)
/// is set to its one strike and its glyphs scaled to the pixel size. Each instance owns its own
/// `FT_Library` (FreeType libraries must not be shared between threads), its `FT_Face` and its HarfBuzz
/// font, and frees them when it goes away. Keep an instance on one task at a time (`FontPool` lends them
/// out so).
package final class FontFace {
    private let library: OpaquePointer
    let face: FT_Face
    /// HarfBuzz's font over `face`, made anew when the size changes.
    private(set) var shaper: OpaquePointer
    /// The font file.
    package let path: String
    /// The face's index in the file (a collection such as Noto Sans CJK's holds one face a language).
    package let index: Int
    /// The file and the face's index in it.
    package var file: FontFile { FontFile(path: path, index: index) }
    /// The size glyphs are rendered at: the font's em in pixels.
    package private(set) var pixelSize: Int
    /// For a font of bitmaps only (colour emoji), its strike's size in pixels; glyphs and positions are
    /// scaled from it to `pixelSize`. Nil for an outline font.
    private let strikeSize: Int?
    /// Whether the glyphs are colour pictures (BGRA bitmaps) rather than coverage.
    package let isColour: Bool
    private var glyphs: [GlyphKey: Glyph] = [:]

    private struct GlyphKey: Hashable {
        var index: UInt32
        var pixelSize: Int
    }

    /// A rendered glyph: its coverage (or colour picture), where it sits from the pen on the baseline.
    struct Glyph {
        var mask: TextMask
        /// Straight RGBA, four bytes a pixel, for a colour glyph; empty otherwise.
        var colour: [UInt8]
        var left: Int
        var top: Int
    }

    /// Glyphs rendered so far, over all sizes.
    package var cachedGlyphCount: Int { glyphs.count }

    /// Loads face `index` (the first by default) of the font file at `path`, set to `pixelSize` pixels per em.
    package init(path: String, index: Int = 0, pixelSize: Int) throws {
        var library: FT_Library?
        let initStatus = FT_Init_FreeType(&library)
        guard initStatus == 0, let library else {
            throw MediaError.font(path: path, code: initStatus)
        }
        var face: FT_Face?
        let faceStatus = FT_New_Face(library, path, FT_Long(index), &face)
        guard faceStatus == 0, let face else {
            FT_Done_FreeType(library)
            throw MediaError.font(path: path, code: faceStatus)
        }
        self.library = library
        self.face = face
        self.path = path
        self.index = index
        self.pixelSize = pixelSize
        isColour = dv_ft_has_color(face) != 0
        if dv_ft_is_scalable(face) == 0, face.pointee.num_fixed_sizes > 0 {
            let sizes = UnsafeBufferPointer(start: face.pointee.available_sizes, count: Int(face.pointee.num_fixed_sizes))
            strikeSize = sizes.map { Int($0.y_ppem >> 6) }.max()
        } else {
            strikeSize = nil
        }
        shaper = hb_ft_font_create_referenced(face)
        try setPixelSize(pixelSize)
    }

    deinit {
        hb_font_destroy(shaper)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Changes the size later shaping and renders use.
    package func setPixelSize(_ size: Int) throws {
        let size = max(1, size)
        if let strikeSize {
            let sizes = UnsafeBufferPointer(start: face.pointee.available_sizes, count: Int(face.pointee.num_fixed_sizes))
            let index = sizes.firstIndex { Int($0.y_ppem >> 6) == strikeSize } ?? 0
            let status = FT_Select_Size(face, FT_Int(index))
            guard status == 0 else { throw MediaError.font(path: path, code: status) }
        } else {
            let status = FT_Set_Pixel_Sizes(face, 0, FT_UInt(size))
            guard status == 0 else { throw MediaError.font(path: path, code: status) }
        }
        pixelSize = size
        hb_ft_font_changed(shaper)
        // Advances as the hinted glyphs have them, so the pen moves as the rendered glyphs expect.
        hb_ft_font_set_load_flags(shaper, isColour ? Int32(FT_LOAD_COLOR) : Int32(FT_LOAD_DEFAULT))
    }

    /// What a position HarfBuzz gives (26.6 fixed point, at the face's size) is at `pixelSize`, in 1/64 pixel.
    func scaled(_ position: Int32) -> Int {
        guard let strikeSize else { return Int(position) }
        return Int((Int64(position) * Int64(pixelSize) + Int64(strikeSize) / 2) / Int64(strikeSize))
    }

    /// Pixels from the baseline up to the font's ascender at the current size.
    package var ascender: Int { scaled(Int32(face.pointee.size.pointee.metrics.ascender)) >> 6 }

    /// Pixels from the baseline down to the font's descender at the current size (a positive number).
    package var descender: Int { -(scaled(Int32(face.pointee.size.pointee.metrics.descender)) >> 6) }

    /// Pixels from one baseline to the next at the current size.
    package var lineHeight: Int { scaled(Int32(face.pointee.size.pointee.metrics.height)) >> 6 }

    /// The font's height from its ascender to its descender, in ems (1.16 for DejaVu Sans, 1.45 for Noto
    /// Sans CJK): what libass sizes a font by, where dvpipe, as Pango and browsers, sizes it by its em.
    package var heightInEms: Double {
        Double(Int(face.pointee.ascender) - Int(face.pointee.descender)) / Double(max(1, Int(face.pointee.units_per_EM)))
    }

    /// The family name the font gives itself (`DejaVu Sans`, `Noto Sans CJK JP`).
    package var familyName: String { face.pointee.family_name.map { String(cString: $0) } ?? "" }

    /// Whether the font has a glyph for `scalar`.
    package func has(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// Glyph `index` at the current size: from the cache, or rendered by FreeType and kept.
    func glyph(_ index: UInt32) throws -> Glyph {
        let key = GlyphKey(index: index, pixelSize: pixelSize)
        if let cached = glyphs[key] { return cached }
        let flags = isColour ? FT_LOAD_RENDER | FT_LOAD_COLOR : FT_LOAD_RENDER
        let status = FT_Load_Glyph(face, FT_UInt(index), FT_Int32(flags))
        guard status == 0, let slot = face.pointee.glyph else {
            throw MediaError.font(path: path, code: status)
        }
        let bitmap = slot.pointee.bitmap
        var glyph: Glyph
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
            glyph = Glyph(mask: TextMask(width: 0, height: 0), colour: [], left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
            (glyph.mask, glyph.colour) = copyColour(bitmap)
            if let strikeSize, strikeSize != pixelSize {
                glyph = Self.scaled(glyph, by: Double(pixelSize) / Double(strikeSize))
            }
        } else {
            glyph = Glyph(mask: copyCoverage(bitmap), colour: [], left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
        }
        glyphs[key] = glyph
        return glyph
    }

    /// Copies an 8-bit grey FreeType bitmap (or a 1-bit one, as full coverage), top row first whatever the
    /// sign of its pitch.
    private func copyCoverage(_ bitmap: FT_Bitmap) -> TextMask {
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var mask = TextMask(width: width, height: rows)
        guard let buffer = bitmap.buffer, width > 0, rows > 0 else { return mask }
        let pitch = Int(bitmap.pitch)
        let topRow = pitch < 0 ? buffer + (rows - 1) * -pitch : buffer
        let mono = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_MONO.rawValue)
        for row in 0..<rows {
            let source = topRow + row * pitch
            for column in 0..<width {
                mask[column, row] = mono ? (source[column / 8] & (0x80 >> UInt8(column % 8)) != 0 ? 255 : 0) : source[column]
            }
        }
        return mask
    }

    /// Copies a premultiplied BGRA FreeType bitmap into its coverage and straight RGBA.
    private func copyColour(_ bitmap: FT_Bitmap) -> (TextMask, [UInt8]) {
        let width = Int(bitmap.width)
        let rows = Int(bitmap.rows)
        var mask = TextMask(width: width, height: rows)
        var rgba = [UInt8](repeating: 0, count: width * rows * 4)
        guard let buffer = bitmap.buffer, width > 0, rows > 0 else { return (mask, rgba) }
        let pitch = Int(bitmap.pitch)
        let topRow = pitch < 0 ? buffer + (rows - 1) * -pitch : buffer
        for row in 0..<rows {
            let source = topRow + row * pitch
            for column in 0..<width {
                let pixel = source + column * 4
                let alpha = Int(pixel[3])
                let out = (row * width + column) * 4
                if alpha > 0 {
                    rgba[out] = UInt8(min(255, (Int(pixel[2]) * 255 + alpha / 2) / alpha))
                    rgba[out + 1] = UInt8(min(255, (Int(pixel[1]) * 255 + alpha / 2) / alpha))
                    rgba[out + 2] = UInt8(min(255, (Int(pixel[0]) * 255 + alpha / 2) / alpha))
                }
                rgba[out + 3] = UInt8(alpha)
                mask[column, row] = UInt8(alpha)
            }
        }
        return (mask, rgba)
    }

    /// A colour glyph scaled by `factor` (a box filter over the source pixels each target pixel covers,
    /// colour weighted by coverage), its placement scaled with it.
    private static func scaled(_ glyph: Glyph, by factor: Double) -> Glyph {
        let (sourceWidth, sourceHeight) = (glyph.mask.width, glyph.mask.height)
        let width = max(1, Int((Double(sourceWidth) * factor).rounded())), height = max(1, Int((Double(sourceHeight) * factor).rounded()))
        var mask = TextMask(width: width, height: height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for row in 0..<height {
            let top = row * sourceHeight / height, bottom = max(top + 1, (row + 1) * sourceHeight / height)
            for column in 0..<width {
                let left = column * sourceWidth / width, right = max(left + 1, (column + 1) * sourceWidth / width)
                var sums = [0, 0, 0, 0]
                for y in top..<bottom {
                    for x in left..<right {
                        let at = (y * sourceWidth + x) * 4, alpha = Int(glyph.colour[at + 3])
                        for channel in 0..<3 { sums[channel] += Int(glyph.colour[at + channel]) * alpha }
                        sums[3] += alpha
                    }
                }
                let count = (bottom - top) * (right - left), out = (row * width + column) * 4
                if sums[3] > 0 {
                    for channel in 0..<3 { rgba[out + channel] = UInt8((sums[channel] + sums[3] / 2) / sums[3]) }
                }
                rgba[out + 3] = UInt8((sums[3] + count / 2) / count)
                mask[column, row] = rgba[out + 3]
            }
        }
        return Glyph(mask: mask, colour: rgba, left: Int((Double(glyph.left) * factor).rounded()), top: Int((Double(glyph.top) * factor).rounded()))
    }
}

/// The primary picture of a HEIF still as its `meta` box describes it (ISO/IEC 23008-12): the coded item or the
/// tiles of its `grid`, where their bytes lie in the file, the decoder configuration, the size, the clean
/// aperture, rotation and mirroring, and the colour it declares. Never the thumbnail, the gain map or any
/// other auxiliary item: only what `pitm` names and, for a grid, what it references by `dimg`.
///
/// Read bounded like the rest of the sniff: every size, count and offset is checked against the bytes at hand,
/// and a damaged box gives `HEIFImage.Failure`, never a read past the file.
package struct HEIFImage: Sendable, Equatable {
    /// Why a file gives no picture to decode.
    package enum Failure: Error, Equatable {
        /// No `meta` box, or one whose `pitm`, `iinf` or `iloc` is missing or damaged.
        case damaged(String)
        /// The primary item is no picture (or there is none).
        case noImageItem
        /// The picture is coded as something other than HEVC: the item type (`av01` for AVIF).
        case codec(String)
    }

    /// The colour the picture declares in its `colr` property.
    package enum Colour: Sendable, Equatable {
        /// H.273 code points.
        case nclx(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool)
        /// An ICC profile (`prof` or `rICC`).
        case profile([UInt8])
    }

    /// A transformative property, applied in the order listed after the clean aperture.
    package enum Transform: Sendable, Equatable {
        /// `irot`: quarter turns anticlockwise (0…3).
        case rotation(quarterTurns: Int)
        /// `imir`: 0 mirrors about a vertical axis (left and right swap), 1 about a horizontal one.
        case mirror(axis: Int)
    }

    /// The clean aperture (`clap`) in pixels of the reconstructed picture, rounded to whole pixels.
    package struct Crop: Sendable, Equatable {
        package var x: Int, y: Int, width: Int, height: Int

        package init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// The HEVC decoder configuration (`hvcC`'s body), the extradata of every tile.
    package let configuration: [UInt8]
    /// Each tile's bytes in the file (one or more extents), in raster order; one for a picture that is no grid.
    package let tiles: [[Range<Int>]]
    /// The grid's columns and rows (1 and 1 for a single picture).
    package let columns: Int
    package let rows: Int
    /// A tile's coded size (`ispe` of the first tile).
    package let tileWidth: Int
    package let tileHeight: Int
    /// The reconstructed picture's size (the grid's output size, or the item's `ispe`).
    package let width: Int
    package let height: Int
    /// The clean aperture, when the picture has one.
    package let crop: Crop?
    /// `irot` and `imir`, in their association order.
    package let transforms: [Transform]
    /// The declared colour (an ICC profile preferred to `nclx` when both are given), or nil.
    package let colour: Colour?

    /// Most tiles a grid may have (256 × 256 is what its one-byte counts can say).
    private static let maximumTiles = 65_536
    /// The longest ICC profile read.
    private static let maximumProfile = 4 << 20

    /// Reads the primary picture's description from `file`.
    package init(_ file: ByteReader) throws(Failure) {
        guard let meta = HEIFMeta(file) else { throw .damaged("no readable meta box") }
        guard let primary = meta.primary else { throw .damaged("no primary item (pitm)") }
        guard let type = meta.types[primary] else { throw .noImageItem }
        let properties = meta.properties(of: primary)
        var tileIDs = [primary]
        var layout = (columns: 1, rows: 1, width: 0, height: 0)
        switch type {
        case "hvc1":
            break
        case "grid":
            guard let descriptor = meta.data(of: primary, maximumLength: 64).flatMap({ file.bytes($0) }),
                let grid = Self.grid(descriptor)
            else { throw .damaged("unreadable grid description") }
            layout = grid
            tileIDs = meta.references(from: primary, type: "dimg")
            guard tileIDs.count == grid.columns * grid.rows, tileIDs.count <= Self.maximumTiles else {
                throw .damaged("a grid of \(grid.columns)×\(grid.rows) with \(tileIDs.count) tiles")
            }
            if let other = tileIDs.lazy.compactMap({ meta.types[$0] }).first(where: { $0 != "hvc1" }) { throw .codec(other) }
        case "av01", "jpeg", "avc1", "vvc1", "j2k1", "unci":
            throw .codec(type)
        default:
            throw .noImageItem
        }
        let tileProperties = meta.properties(of: tileIDs[0])
        guard let hvcC = tileProperties.first(where: { $0.type == "hvcC" })?.body.contents, !hvcC.isEmpty else {
            throw .damaged("no HEVC configuration (hvcC)")
        }
        guard let tileSize = tileProperties.first(where: { $0.type == "ispe" }).flatMap({ Self.size(ispe: $0.body) }) else {
            throw .damaged("no tile size (ispe)")
        }
        var tiles: [[Range<Int>]] = []
        for id in tileIDs {
            guard let extents = meta.extents(of: id), !extents.isEmpty else { throw .damaged("item \(id) lies past the end of the file: cut short") }
            tiles.append(extents)
        }
        if type == "hvc1" {
            layout = (1, 1, tileSize.width, tileSize.height)
        }
        configuration = hvcC
        self.tiles = tiles
        (columns, rows, width, height) = layout
        (tileWidth, tileHeight) = tileSize
        crop = properties.first(where: { $0.type == "clap" }).flatMap { Self.crop(clap: $0.body, width: layout.width, height: layout.height) }
        transforms = properties.compactMap { property in
            switch property.type {
            case "irot": property.body.uint8(at: 0).map { .rotation(quarterTurns: Int($0 & 3)) }
            case "imir": property.body.uint8(at: 0).map { .mirror(axis: Int($0 & 1)) }
            default: nil
            }
        }
        // The grid's own colour, else its first tile's.
        let colours = (properties + tileProperties).filter { $0.type == "colr" }.compactMap { Self.colour(colr: $0.body) }
        colour =
            colours.first {
                if case .profile = $0 { return true }
                return false
            } ?? colours.first
    }

    /// A grid item's rows, columns and output size.
    private static func grid(_ bytes: [UInt8]) -> (columns: Int, rows: Int, width: Int, height: Int)? {
        let view = BoundedBytes(bytes: bytes, start: 0, end: bytes.count)
        guard let version = view.uint8(at: 0), version == 0, let flags = view.uint8(at: 1), let rows = view.uint8(at: 2),
            let columns = view.uint8(at: 3)
        else { return nil }
        let wide = flags & 1 != 0
        guard
            let width = wide ? view.number(at: 4, size: 4) : view.uint16(at: 4, .bigEndian).map(Int.init),
            let height = wide ? view.number(at: 8, size: 4) : view.uint16(at: 6, .bigEndian).map(Int.init)
        else { return nil }
        return (Int(columns) + 1, Int(rows) + 1, width, height)
    }

    /// An `ispe` property's width and height.
    private static func size(ispe: BoundedBytes) -> (width: Int, height: Int)? {
        guard let width = ispe.number(at: 4, size: 4), let height = ispe.number(at: 8, size: 4) else { return nil }
        return (width, height)
    }

    /// A `clap` property as a rectangle inside a `width`×`height` picture; nil when it is damaged or lies outside.
    private static func crop(clap: BoundedBytes, width: Int, height: Int) -> Crop? {
        let values = (0..<8).map { clap.uint32(at: $0 * 4, .bigEndian).map { Double(Int32(bitPattern: $0)) } }
        guard let numbers = values as? [Double], numbers[1] > 0, numbers[3] > 0, numbers[5] > 0, numbers[7] > 0 else { return nil }
        let cropWidth = numbers[0] / numbers[1], cropHeight = numbers[2] / numbers[3]
        let left = (numbers[4] / numbers[5] + Double(width - 1) / 2 - (cropWidth - 1) / 2).rounded()
        let top = (numbers[6] / numbers[7] + Double(height - 1) / 2 - (cropHeight - 1) / 2).rounded()
        let crop = Crop(x: Int(left), y: Int(top), width: Int(cropWidth.rounded()), height: Int(cropHeight.rounded()))
        guard crop.x >= 0, crop.y >= 0, crop.width > 0, crop.height > 0, crop.x + crop.width <= width, crop.y + crop.height <= height
        else { return nil }
        return crop
    }

    /// A `colr` property's colour, or nil for a kind not read.
    private static func colour(colr: BoundedBytes) -> Colour? {
        guard let kind = colr.slice(from: 0, count: 4)?.contents.map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
        switch kind {
        case "nclx":
            guard let primaries = colr.uint16(at: 4, .bigEndian), let transfer = colr.uint16(at: 6, .bigEndian),
                let matrix = colr.uint16(at: 8, .bigEndian), let range = colr.uint8(at: 10)
            else { return nil }
            return .nclx(primaries: Int(primaries), transfer: Int(transfer), matrix: Int(matrix), fullRange: range & 0x80 != 0)
        case "prof", "rICC":
            let length = colr.end - colr.start - 4
            guard length > 0, length <= maximumProfile, let profile = colr.slice(from: 4, count: length)?.contents else { return nil }
            return .profile(profile)
        default:
            return nil
        }
    }
}

/// The items of a HEIF file's `meta` box: their types (`iinf`), where their bytes lie (`iloc`, in the file or in
/// `idat`), their references (`iref`) and properties (`iprp`), and the primary item (`pitm`).
struct HEIFMeta {
    /// The primary item's id.
    let primary: Int?
    /// Each item's type, by id.
    let types: [Int: String]
    /// Each `mime` item's content type, by id.
    let contentTypes: [Int: String]
    private let iloc: BoundedBytes?
    private let idat: BoundedBytes?
    private let iref: BoundedBytes?
    private let ipco: [(type: String, body: BoundedBytes)]
    private let ipma: BoundedBytes?

    /// Most items, references or associations read.
    private static let maximumEntries = 10_000

    /// The `meta` box among the top-level boxes of `file`, or nil without one.
    init?(_ file: ByteReader) {
        guard let meta = HEIFSniff.children(of: BoundedBytes(whole: file)).first(where: { $0.type == "meta" })?.body,
            let children = meta.slice(from: 4, count: meta.end - meta.start - 4).map(HEIFSniff.children(of:))
        else { return nil }
        func child(_ type: String) -> BoundedBytes? { children.first(where: { $0.type == type })?.body }
        primary = child("pitm").flatMap { pitm in
            pitm.uint8(at: 0) == 0 ? pitm.uint16(at: 4, .bigEndian).map(Int.init) : pitm.number(at: 4, size: 4)
        }
        (types, contentTypes) = child("iinf").map(Self.items(in:)) ?? ([:], [:])
        iloc = child("iloc")
        idat = child("idat")
        iref = child("iref")
        let iprp = child("iprp").map(HEIFSniff.children(of:)) ?? []
        ipco = iprp.first(where: { $0.type == "ipco" }).map { HEIFSniff.children(of: $0.body) } ?? []
        ipma = iprp.first(where: { $0.type == "ipma" })?.body
    }

    /// The items an `iinf` box lists (its `infe` entries of version 2 or 3): types and `mime` content types.
    private static func items(in iinf: BoundedBytes) -> ([Int: String], [Int: String]) {
        var types: [Int: String] = [:], contentTypes: [Int: String] = [:]
        guard let version = iinf.uint8(at: 0) else { return (types, contentTypes) }
        let entriesStart = version == 0 ? 6 : 8
        guard let entries = iinf.slice(from: entriesStart, count: iinf.end - iinf.start - entriesStart) else { return (types, contentTypes) }
        for entry in HEIFSniff.children(of: entries) where entry.type == "infe" {
            guard let entryVersion = entry.body.uint8(at: 0), entryVersion >= 2 else { continue }
            let idSize = entryVersion == 2 ? 2 : 4
            let typeStart = 4 + idSize + 2
            guard
                let id = entryVersion == 2 ? entry.body.uint16(at: 4, .bigEndian).map(Int.init) : entry.body.number(at: 4, size: 4),
                let type = entry.body.slice(from: typeStart, count: 4)?.contents,
                let rest = entry.body.slice(from: typeStart + 4, count: entry.body.end - entry.body.start - typeStart - 4)?.contents
            else { continue }
            types[id] = String(decoding: type, as: UTF8.self)
            let strings = rest.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
            if strings.count > 1 { contentTypes[id] = String(decoding: strings[1], as: UTF8.self) }
        }
        return (types, contentTypes)
    }

    /// The first item whose type and content type `wanted` picks, in `iinf`'s order of ids.
    func firstItem(_ wanted: (String, String?) -> Bool) -> Int? {
        types.keys.sorted().first { wanted(types[$0]!, contentTypes[$0]) }
    }

    /// The bytes of item `id` in the file, extent by extent (construction method 0 in the file, 1 in `idat`);
    /// nil when `iloc` does not list it, uses another method, or an extent lies outside the file.
    func extents(of id: Int) -> [Range<Int>]? {
        guard let iloc, let version = iloc.uint8(at: 0), version <= 2, let sizes = iloc.uint8(at: 4), let moreSizes = iloc.uint8(at: 5)
        else { return nil }
        let offsetSize = Int(sizes >> 4), lengthSize = Int(sizes & 0xF), baseOffsetSize = Int(moreSizes >> 4)
        let indexSize = version == 0 ? 0 : Int(moreSizes & 0xF)
        let idSize = version < 2 ? 2 : 4
        var position = 6
        guard let itemCount = idSize == 2 ? iloc.uint16(at: position, .bigEndian).map(Int.init) : iloc.number(at: position, size: 4) else {
            return nil
        }
        position += idSize
        for _ in 0..<min(itemCount, Self.maximumEntries) {
            guard let item = idSize == 2 ? iloc.uint16(at: position, .bigEndian).map(Int.init) : iloc.number(at: position, size: 4)
            else { return nil }
            position += idSize
            var method = 0
            if version >= 1 {
                guard let field = iloc.uint16(at: position, .bigEndian) else { return nil }
                method = Int(field & 0xF)
                position += 2
            }
            position += 2  // data_reference_index
            guard let base = iloc.number(at: position, size: baseOffsetSize), let extentCount = iloc.uint16(at: position + baseOffsetSize, .bigEndian)
            else { return nil }
            position += baseOffsetSize + 2
            let extentSize = indexSize + offsetSize + lengthSize
            guard item == id else {
                position += Int(extentCount) * extentSize
                continue
            }
            let (origin, available) = method == 0 ? (0, iloc.reader.size) : (idat?.start ?? 0, idat.map { $0.end - $0.start } ?? 0)
            guard method == 0 || (method == 1 && idat != nil) else { return nil }
            var extents: [Range<Int>] = []
            for extent in 0..<Int(extentCount) {
                let field = position + extent * extentSize + indexSize
                guard let offset = iloc.number(at: field, size: offsetSize), var length = iloc.number(at: field + offsetSize, size: lengthSize),
                    offset <= available - base, base <= available
                else { return nil }
                if lengthSize == 0 || length == 0 { length = available - base - offset }
                guard length > 0, length <= available - base - offset else { return nil }
                extents.append(origin + base + offset..<origin + base + offset + length)
            }
            return extents
        }
        return nil
    }

    /// Item `id`'s bytes when they lie in one extent of at most `maximumLength` bytes.
    func data(of id: Int, maximumLength: Int) -> Range<Int>? {
        guard let extents = extents(of: id), extents.count == 1, extents[0].count <= maximumLength else { return nil }
        return extents[0]
    }

    /// The items `id` references with `type` (`dimg`, `thmb`, `cdsc`, …), in order.
    func references(from id: Int, type: String) -> [Int] {
        guard let iref, let version = iref.uint8(at: 0), let body = iref.slice(from: 4, count: iref.end - iref.start - 4) else { return [] }
        let idSize = version == 0 ? 2 : 4
        func number(_ box: BoundedBytes, _ offset: Int) -> Int? {
            idSize == 2 ? box.uint16(at: offset, .bigEndian).map(Int.init) : box.number(at: offset, size: 4)
        }
        for reference in HEIFSniff.children(of: body) where reference.type == type {
            guard number(reference.body, 0) == id, let count = reference.body.uint16(at: idSize, .bigEndian) else { continue }
            let targets = (0..<Int(count)).map { number(reference.body, idSize + 2 + $0 * idSize) }
            return targets.contains(where: { $0 == nil }) ? [] : targets.compactMap { $0 }
        }
        return []
    }

    /// The properties associated with item `id`, in association order.
    func properties(of id: Int) -> [(type: String, body: BoundedBytes)] {
        guard let ipma, let version = ipma.uint8(at: 0), let flags = ipma.uint8(at: 3), let count = ipma.number(at: 4, size: 4) else { return [] }
        let idSize = version < 1 ? 2 : 4
        let wideIndex = flags & 1 != 0
        var position = 8
        for _ in 0..<min(count, Self.maximumEntries) {
            guard let item = idSize == 2 ? ipma.uint16(at: position, .bigEndian).map(Int.init) : ipma.number(at: position, size: 4),
                let associations = ipma.uint8(at: position + idSize)
            else { return [] }
            position += idSize + 1
            guard item == id else {
                position += Int(associations) * (wideIndex ? 2 : 1)
                continue
            }
            return (0..<Int(associations)).compactMap { index in
                let value =
                    wideIndex
                    ? ipma.uint16(at: position + index * 2, .bigEndian).map { Int($0 & 0x7FFF) }
                    : ipma.uint8(at: position + index).map { Int($0 & 0x7F) }
                guard let value, value >= 1, value <= ipco.count else { return nil }
                return ipco[value - 1]
            }
        }
        return []
    }
}

import Foundation

/// A colour look-up table from an Adobe/Resolve `.cube` file: an optional 1D table per channel, then an
/// optional 3D lattice, each over its input domain (`DOMAIN_MIN`/`DOMAIN_MAX`, or Resolve's
/// `LUT_1D_INPUT_RANGE`/`LUT_3D_INPUT_RANGE`; 0…1 when the file says nothing). Applied to R′G′B′ values:
/// the 1D table by linear interpolation, the lattice by tetrahedral interpolation, as ffmpeg's `lut3d`
/// and most grading tools do; inputs outside a domain are held at its edge.
package struct CubeLUT: Sendable, Equatable {
    /// Where a `.cube` file breaks the format: 1-based line and column, and what is wrong.
    package struct ParseError: Error, Sendable, Equatable {
        package let line: Int
        package let column: Int
        package let message: String
    }

    /// A table over `domainMin…domainMax` per channel.
    package struct Table: Sendable, Equatable {
        /// Entries per axis.
        package let size: Int
        package let domainMin: SIMD3<Double>
        package let domainMax: SIMD3<Double>
        /// The output values: for a 1D table `size` rows; for a 3D one `size³`, red fastest, blue slowest.
        package let values: [SIMD3<Double>]
    }

    package let title: String?
    package let shaper: Table?
    package let lattice: Table?

    /// True when the table gives back every input (to within a millionth): applying it would change nothing.
    package var isIdentity: Bool {
        func identity(_ table: Table?, dimensions: Int) -> Bool {
            guard let table else { return true }
            guard table.domainMin == SIMD3(repeating: 0), table.domainMax == SIMD3(repeating: 1) else { return false }
            let step = 1 / Double(table.size - 1)
            return table.values.indices.allSatisfy { index in
                let expected =
                    dimensions == 1
                    ? SIMD3(repeating: Double(index) * step)
                    : SIMD3(Double(index % table.size), Double(index / table.size % table.size), Double(index / (table.size * table.size))) * step
                return ((table.values[index] - expected) * (table.values[index] - expected)).max() < 1e-12
            }
        }
        return identity(shaper, dimensions: 1) && identity(lattice, dimensions: 3)
    }

    /// `rgb` through the shaper, then the lattice.
    package func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        var value = rgb
        if let shaper { value = Self.apply1D(shaper, to: value) }
        if let lattice { value = Self.apply3D(lattice, to: value) }
        return value
    }

    /// Where `value` falls among a table's `size` entries: the entry below and the fraction toward the next.
    private static func position(_ value: SIMD3<Double>, in table: Table) -> (index: SIMD3<Int>, fraction: SIMD3<Double>) {
        let last = Double(table.size - 1)
        var scaled = (value - table.domainMin) / (table.domainMax - table.domainMin) * last
        scaled = scaled.replacing(with: 0, where: .!(scaled .>= 0)).replacing(with: last, where: scaled .> last)
        let floor = scaled.rounded(.down)
        let index = SIMD3<Int>(Int(floor.x), Int(floor.y), Int(floor.z)).replacing(
            with: table.size - 2, where: SIMD3<Int>(Int(floor.x), Int(floor.y), Int(floor.z)) .> table.size - 2)
        return (index, scaled - SIMD3<Double>(Double(index.x), Double(index.y), Double(index.z)))
    }

    private static func apply1D(_ table: Table, to value: SIMD3<Double>) -> SIMD3<Double> {
        let (index, fraction) = position(value, in: table)
        var out = SIMD3<Double>()
        for channel in 0..<3 {
            let low = table.values[index[channel]][channel], high = table.values[index[channel] + 1][channel]
            out[channel] = low + (high - low) * fraction[channel]
        }
        return out
    }

    /// Tetrahedral interpolation: the cell's cube split into six tetrahedra along its grey diagonal, the
    /// one holding the point chosen by the order of its fractions.
    private static func apply3D(_ table: Table, to value: SIMD3<Double>) -> SIMD3<Double> {
        let (index, f) = position(value, in: table)
        let size = table.size
        func at(_ r: Int, _ g: Int, _ b: Int) -> SIMD3<Double> {
            table.values[(index.x + r) + (index.y + g) * size + (index.z + b) * size * size]
        }
        let c000 = at(0, 0, 0), c111 = at(1, 1, 1)
        if f.x > f.y {
            if f.y > f.z {
                return c000 + f.x * (at(1, 0, 0) - c000) + f.y * (at(1, 1, 0) - at(1, 0, 0)) + f.z * (c111 - at(1, 1, 0))
            } else if f.x > f.z {
                return c000 + f.x * (at(1, 0, 0) - c000) + f.z * (at(1, 0, 1) - at(1, 0, 0)) + f.y * (c111 - at(1, 0, 1))
            } else {
                return c000 + f.z * (at(0, 0, 1) - c000) + f.x * (at(1, 0, 1) - at(0, 0, 1)) + f.y * (c111 - at(1, 0, 1))
            }
        } else {
            if f.z > f.y {
                return c000 + f.z * (at(0, 0, 1) - c000) + f.y * (at(0, 1, 1) - at(0, 0, 1)) + f.x * (c111 - at(0, 1, 1))
            } else if f.z > f.x {
                return c000 + f.y * (at(0, 1, 0) - c000) + f.z * (at(0, 1, 1) - at(0, 1, 0)) + f.x * (c111 - at(0, 1, 1))
            } else {
                return c000 + f.y * (at(0, 1, 0) - c000) + f.x * (at(1, 1, 0) - at(0, 1, 0)) + f.z * (c111 - at(1, 1, 0))
            }
        }
    }
}

extension CubeLUT {
    /// A `size`-point 3D table (at least 2) whose every entry is `transform` of its lattice point.
    package init(size: Int, title: String? = nil, _ transform: (SIMD3<Double>) -> SIMD3<Double>) {
        precondition(size >= 2, "a 3D table has at least 2 points per axis")
        let step = 1 / Double(size - 1)
        var values: [SIMD3<Double>] = []
        values.reserveCapacity(size * size * size)
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    values.append(transform(SIMD3(Double(red), Double(green), Double(blue)) * step))
                }
            }
        }
        let lattice = Table(size: size, domainMin: SIMD3(repeating: 0), domainMax: SIMD3(repeating: 1), values: values)
        self.init(title: title, shaper: nil, lattice: lattice)
    }

    /// The table as `.cube` text, which `init(parsing:)` reads back to the same table (to six decimals).
    /// The file format has one domain for both tables: the lattice's (else the shaper's) is written.
    package var text: String {
        func numbers(_ value: SIMD3<Double>) -> String { [value.x, value.y, value.z].map(Self.decimal).joined(separator: " ") }
        var lines: [String] = title.map { ["TITLE \"\($0)\""] } ?? []
        if let table = lattice ?? shaper, table.domainMin != SIMD3(repeating: 0) || table.domainMax != SIMD3(repeating: 1) {
            lines += ["DOMAIN_MIN " + numbers(table.domainMin), "DOMAIN_MAX " + numbers(table.domainMax)]
        }
        if let shaper { lines.append("LUT_1D_SIZE \(shaper.size)") }
        if let lattice { lines.append("LUT_3D_SIZE \(lattice.size)") }
        for table in [shaper, lattice].compactMap({ $0 }) {
            lines += table.values.map(numbers)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `value` with six decimals, as `.cube` files write them.
    private static func decimal(_ value: Double) -> String {
        String(format: "%.6f", value)
    }

    /// Reads a `.cube` file's text; throws at the first line that breaks the format.
    /// Lines may end in LF or CRLF (as files from Windows tools do).
    package init(parsing text: String) throws(ParseError) {
        var reader = CubeReader()
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            try reader.read(line, number: number + 1)
        }
        self = try reader.finished()
    }
}

/// The state of reading a `.cube` file line by line.
private struct CubeReader {
    var title: String?
    var size1D: (size: Int, line: Int)?
    var size3D: (size: Int, line: Int)?
    var domainMin: SIMD3<Double>?
    var domainMax: SIMD3<Double>?
    /// The line of the last DOMAIN_MIN or DOMAIN_MAX.
    var domainLine = 1
    var range1D: (Double, Double)?
    var range3D: (Double, Double)?
    var rows: [SIMD3<Double>] = []
    var firstRowLine: Int?

    mutating func read(_ line: Substring, number: Int) throws(CubeLUT.ParseError) {
        let words = Self.words(of: line)
        guard let (keyword, keywordColumn) = words.first, !keyword.hasPrefix("#") else { return }
        func fail(_ message: String, column: Int = keywordColumn) -> CubeLUT.ParseError {
            CubeLUT.ParseError(line: number, column: column, message: message)
        }
        func numbers(_ count: Int, what: String, row: Bool = false) throws(CubeLUT.ParseError) -> [Double] {
            let values = row ? words[...] : words.dropFirst()
            guard values.count == count else {
                let found = "found \(values.count) value\(values.count == 1 ? "" : "s")"
                throw fail(row ? "a table row has \(what); \(found)" : "\(keyword) takes \(what); \(found)")
            }
            var parsed: [Double] = []
            for (text, column) in values {
                guard let value = Double(text), value.isFinite else { throw fail("this value is not a number", column: column) }
                parsed.append(value)
            }
            return parsed
        }
        func size(limit: Int) throws(CubeLUT.ParseError) -> Int {
            let value = words.dropFirst().first
            guard words.count == 2, let value, let size = Int(value.text), (2...limit).contains(size) else {
                throw fail("\(keyword) must be a whole number from 2 to \(limit)", column: value?.column ?? keywordColumn)
            }
            return size
        }
        if let first = keyword.first, first.isNumber || first == "-" || first == "+" || first == "." {
            guard size1D != nil || size3D != nil else { throw fail("a table row comes before LUT_1D_SIZE or LUT_3D_SIZE") }
            let values = try numbers(3, what: "three numbers (red, green, blue)", row: true)
            rows.append(SIMD3(values[0], values[1], values[2]))
            firstRowLine = firstRowLine ?? number
            return
        }
        // The file's own words are never quoted: the file may be any file the runner can read.
        guard Self.keywords.contains(keyword) else {
            throw fail(
                "not a .cube file: line \(number) is not a keyword or three numbers (a .cube file has TITLE, LUT_1D_SIZE, LUT_3D_SIZE, DOMAIN_MIN, DOMAIN_MAX and rows of three numbers)"
            )
        }
        guard firstRowLine == nil else { throw fail("\(keyword) comes after the table's rows; keywords go before them") }
        switch keyword {
        case "TITLE":
            let rest = line.drop { $0 == " " || $0 == "\t" }.dropFirst("TITLE".count).drop { $0 == " " || $0 == "\t" }
            title = String(rest.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\"" }.reversed().drop { $0 == "\"" })
        case "LUT_1D_SIZE":
            size1D = (try size(limit: 65_536), number)
        case "LUT_3D_SIZE":
            size3D = (try size(limit: 256), number)
        case "DOMAIN_MIN":
            let values = try numbers(3, what: "three numbers (red, green, blue)")
            domainMin = SIMD3(values[0], values[1], values[2])
            domainLine = number
        case "DOMAIN_MAX":
            let values = try numbers(3, what: "three numbers (red, green, blue)")
            domainMax = SIMD3(values[0], values[1], values[2])
            domainLine = number
        case "LUT_1D_INPUT_RANGE":
            let values = try numbers(2, what: "two numbers (minimum, maximum)")
            guard values[0] < values[1] else { throw fail("LUT_1D_INPUT_RANGE's minimum must be below its maximum") }
            range1D = (values[0], values[1])
        case "LUT_3D_INPUT_RANGE":
            let values = try numbers(2, what: "two numbers (minimum, maximum)")
            guard values[0] < values[1] else { throw fail("LUT_3D_INPUT_RANGE's minimum must be below its maximum") }
            range3D = (values[0], values[1])
        default:
            break
        }
    }

    /// The keywords a `.cube` file may hold before its rows.
    static let keywords: Set<String> = [
        "TITLE", "LUT_1D_SIZE", "LUT_3D_SIZE", "DOMAIN_MIN", "DOMAIN_MAX", "LUT_1D_INPUT_RANGE", "LUT_3D_INPUT_RANGE"
    ]

    func finished() throws(CubeLUT.ParseError) -> CubeLUT {
        guard size1D != nil || size3D != nil else {
            throw CubeLUT.ParseError(line: 1, column: 1, message: "no LUT_1D_SIZE or LUT_3D_SIZE: this is not a .cube file")
        }
        let min = domainMin ?? SIMD3(repeating: 0), max = domainMax ?? SIMD3(repeating: 1)
        guard all(min .< max) else {
            throw CubeLUT.ParseError(line: domainLine, column: 1, message: "DOMAIN_MIN must be below DOMAIN_MAX in every channel")
        }
        let count1D = size1D?.size ?? 0, count3D = (size3D?.size ?? 0) * (size3D?.size ?? 0) * (size3D?.size ?? 0)
        guard rows.count == count1D + count3D else {
            let sizes = [
                size1D.map { "LUT_1D_SIZE \($0.size) needs \($0.size) rows" },
                size3D.map { "LUT_3D_SIZE \($0.size) needs \($0.size)³ = \(count3D) rows" }
            ]
            throw CubeLUT.ParseError(
                line: (size3D ?? size1D)?.line ?? 1, column: 1,
                message: sizes.compactMap { $0 }.joined(separator: " and ") + "; the file has \(rows.count)")
        }
        func domain(_ range: (Double, Double)?) -> (SIMD3<Double>, SIMD3<Double>) {
            range.map { (SIMD3(repeating: $0.0), SIMD3(repeating: $0.1)) } ?? (min, max)
        }
        let shaper = size1D.map { size in
            CubeLUT.Table(size: size.size, domainMin: domain(range1D).0, domainMax: domain(range1D).1, values: Array(rows.prefix(count1D)))
        }
        let lattice = size3D.map { size in
            CubeLUT.Table(size: size.size, domainMin: domain(range3D).0, domainMax: domain(range3D).1, values: Array(rows.dropFirst(count1D)))
        }
        return CubeLUT(title: title, shaper: shaper, lattice: lattice)
    }

    /// The line's words (split at spaces and tabs) with their 1-based columns.
    static func words(of line: Substring) -> [(text: String, column: Int)] {
        var words: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in line.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { words.append((current, start + 1)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { words.append((current, start + 1)) }
        return words
    }
}

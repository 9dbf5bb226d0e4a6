import Foundation

/// Where a clip was shot, as the phone recorded it: latitude and longitude in degrees (WGS 84, north and
/// east positive), from a movie's ISO 6709 location tag or a still's Exif GPS tags.
public struct GeoPosition: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    /// A position inside the ranges degrees take (±90, ±180); nil outside them.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The position in an ISO 6709 string as QuickTime's `©xyz`, Apple's
    /// `com.apple.quicktime.location.ISO6709` and Android's `location` tags hold it: `+35.0116+135.7681/`,
    /// with an altitude (`+35.0116+135.7681+050.000/`) or without the closing `/`. Latitude and longitude
    /// may also be in degrees and minutes (`±DDMM.MMM±DDDMM.MMM`) or degrees, minutes and seconds
    /// (`±DDMMSS.S±DDDMMSS.S`), told apart by the digits before the point; Android writes decimal degrees
    /// without leading zeros (`+51.5932-0.2431/`). Nil for anything else.
    public init?(iso6709 text: String) {
        var fields: [(sign: Double, digits: Substring)] = []
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.hasSuffix("CRSWGS_84") { return nil }
        while let sign = rest.first, sign == "+" || sign == "-" {
            let number = rest.dropFirst().prefix { $0.isNumber || $0 == "." }
            guard !number.isEmpty else { return nil }
            fields.append((sign == "-" ? -1 : 1, number))
            rest = rest.dropFirst(1 + number.count)
        }
        guard rest.isEmpty, fields.count == 2 || fields.count == 3,
            let latitude = Self.degrees(fields[0].digits, degreeDigits: 2),
            let longitude = Self.degrees(fields[1].digits, degreeDigits: 3)
        else { return nil }
        self.init(latitude: fields[0].sign * latitude, longitude: fields[1].sign * longitude)
    }

    /// `DD.D` (or fewer digits), `DDMM.M` or `DDMMSS.S` (with `degreeDigits` digits of degrees) as degrees.
    private static func degrees(_ digits: Substring, degreeDigits: Int) -> Double? {
        let whole = digits.prefix { $0 != "." }
        let fraction = digits.dropFirst(whole.count)
        guard fraction.isEmpty || fraction.count > 1 || fraction == "." else { return nil }
        switch whole.count - degreeDigits {
        case ...0 where !whole.isEmpty:
            return Double(digits)
        case 2:
            guard let degrees = Double(whole.prefix(degreeDigits)), let minutes = Double(digits.dropFirst(degreeDigits)), minutes < 60 else {
                return nil
            }
            return degrees + minutes / 60
        case 4:
            guard let degrees = Double(whole.prefix(degreeDigits)), let minutes = Double(whole.dropFirst(degreeDigits).prefix(2)),
                let seconds = Double(digits.dropFirst(degreeDigits + 2)), minutes < 60, seconds < 60
            else { return nil }
            return degrees + minutes / 60 + seconds / 3600
        default:
            return nil
        }
    }
}

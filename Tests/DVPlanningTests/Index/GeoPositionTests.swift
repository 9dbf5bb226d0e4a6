import DVPlanning
import Testing

/// ISO 6709 as phones write it, and the forms the standard allows besides decimal degrees.
struct GeoPositionTests {
    @Test(
        "decimal degrees, with or without altitude, the closing slash or leading zeros, signs for south and west",
        arguments: [
            ("+35.0116+135.7681/", 35.0116, 135.7681),
            ("+34.6648-086.4704+197.095/", 34.6648, -86.4704),
            ("-33.8568+151.2153", -33.8568, 151.2153),
            ("+51.5334-000.1255+026.756/", 51.5334, -0.1255),
            ("-90+180/", -90.0, 180.0),
            ("+51.5932-0.2431/", 51.5932, -0.2431),
            ("+3.5+13.25/", 3.5, 13.25)
        ])
    func decimalDegrees(text: String, latitude: Double, longitude: Double) throws {
        let position = try #require(GeoPosition(iso6709: text))
        #expect(position == GeoPosition(latitude: latitude, longitude: longitude))
    }

    @Test("degrees and minutes, and degrees, minutes and seconds, told apart by their digits")
    func sexagesimal() throws {
        let minutes = try #require(GeoPosition(iso6709: "+3500.696+13546.086/"))
        #expect(abs(minutes.latitude - (35 + 0.696 / 60)) < 1e-12 && abs(minutes.longitude - (135 + 46.086 / 60)) < 1e-12)
        let seconds = try #require(GeoPosition(iso6709: "-330124.5+1511255/"))
        #expect(abs(seconds.latitude + (33 + 1 / 60.0 + 24.5 / 3600)) < 1e-12)
        #expect(abs(seconds.longitude - (151 + 12 / 60.0 + 55 / 3600)) < 1e-12)
    }

    @Test(
        "anything else is no position",
        arguments: [
            "", "/", "35.0116+135.7681/", "+35.0116/", "+95.0+10.0/", "+35.0+181.0/", "+3575.0+13546.0/", "+35.0116+135.7681+1+2/",
            "+35.0116 +135.7681/", "+35.0116+135.7681CRSWGS_84/", "+.5+135.7681/"
        ])
    func rejected(text: String) {
        #expect(GeoPosition(iso6709: text) == nil, "\(text)")
    }
}

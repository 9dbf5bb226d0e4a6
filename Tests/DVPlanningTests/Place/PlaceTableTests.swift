import DVPlanning
import Testing

/// Reading the place-name table's CSV: quoted fields, carriage returns, numbers in any form Double reads,
/// and a clear problem with the line for anything else. (The nearest-town search is checked against Python
/// over the real table in DVPipeTests' PlaceNameTests.)
@Suite struct PlaceTableTests {
    static func table(_ lines: [String]) throws(PlaceTable.Problem) -> PlaceTable {
        try PlaceTable(csv: Array((["lat,lon,name,admin1,admin2,cc"] + lines).joined(separator: "\n").utf8), countries: ["CI": "Côte d'Ivoire"])
    }

    static func place(_ table: PlaceTable, _ latitude: Double, _ longitude: Double) -> Place {
        table.place(at: GeoPosition(latitude: latitude, longitude: longitude)!)
    }

    @Test("quoted fields keep their commas and doubled quotes; a carriage return ends a line; a code without a name stays a code")
    func fields() throws {
        let table = try Self.table([
            "5.35,-4.0083,\"Abidjan, Plateau\",\"Lagunes \"\"Sud\"\"\",,CI\r",
            "-12.0464,-77.0428,Lima,Lima,,PE",
            "+3.5e1,1.35E2,Nara,\"Nara\",,JP"
        ])
        #expect(table.count == 3)
        #expect(Self.place(table, 5.3, -4) == Place(city: "Abidjan, Plateau", region: "Lagunes \"Sud\"", country: "Côte d'Ivoire", countryCode: "CI"))
        #expect(Self.place(table, -12, -77) == Place(city: "Lima", region: "Lima", country: "PE", countryCode: "PE"))
        #expect(Self.place(table, 35, 135) == Place(city: "Nara", region: "Nara", country: "JP", countryCode: "JP"))
    }

    @Test("the nearest town by great circle, exactly on a town and across the antimeridian")
    func nearest() throws {
        let table = try Self.table(["0,179.9,East,,,FJ", "0,-179.8,West,,,WS", "0.000001,0,Null Island,,,XX"])
        #expect(Self.place(table, 0, 179.99).city == "East")
        #expect(Self.place(table, 0, -179.97).city == "East", "0.13° east across the antimeridian, 0.17° to the west")
        #expect(Self.place(table, 0, -179.84).city == "West")
        #expect(Self.place(table, 0.000001, 0).city == "Null Island")
    }

    @Test("a table that is not one says what and where")
    func problems() {
        #expect(throws: PlaceTable.Problem.self) { try PlaceTable(csv: Array("name,lat\n".utf8), countries: [:]) }
        #expect(throws: PlaceTable.Problem.self) { try Self.table([]) }
        do {
            _ = try Self.table(["1,2,A,,,AA", "north,2,B,,,BB"])
            Issue.record("a line without a latitude was read")
        } catch {
            #expect(error.description == "line 3 is not a town: north,2,B,,,BB")
        }
        do {
            _ = try Self.table(["91,0,Beyond,,,AA"])
            Issue.record("a latitude past the pole was read")
        } catch {
            #expect(error.description.hasPrefix("line 2 is not a town"))
        }
    }
}

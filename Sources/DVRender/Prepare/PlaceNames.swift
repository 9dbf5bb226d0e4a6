import DVPlanning
import Foundation
import Synchronization

/// The place-name table on this machine, read once per process: GeoNames' cities1000 (CC BY 4.0, by
/// GeoNames, geonames.org) as `scripts/install-places.sh` installs it, with the country names of Debian's
/// iso-codes. Nothing is fetched at run time: without the table, days have positions but no place names.
package enum PlaceNames {
    /// Where the table is looked for: `DVPIPE_PLACES` (a CSV file), else `cities1000.csv` under
    /// `$XDG_DATA_HOME/dvpipe` (`~/.local/share/dvpipe`), `/usr/local/share/dvpipe` and `/usr/share/dvpipe`.
    package static func candidates(_ environment: [String: String]) -> [String] {
        if let named = environment["DVPIPE_PLACES"], !named.isEmpty { return [named] }
        let data =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return ["\(data)/dvpipe/cities1000.csv", "/usr/local/share/dvpipe/cities1000.csv", "/usr/share/dvpipe/cities1000.csv"]
    }

    /// Country names by ISO 3166-1 alpha-2 code: the common name where iso-codes gives one (`South Korea`),
    /// else its name.
    static let countriesFile = "/usr/share/iso-codes/json/iso_3166-1.json"

    private static let loaded = Mutex<[String: Result<PlaceTable, PlaceTableError>]>([:])

    /// The table this environment names, read on first use; nil when none is installed. A table that is
    /// there but cannot be read is an error naming the file.
    package static func table(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> PlaceTable? {
        guard let path = candidates(environment).first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        return try loaded.withLock { cache in
            if let kept = cache[path] { return kept }
            let made: Result<PlaceTable, PlaceTableError>
            if let data = FileManager.default.contents(atPath: path) {
                do throws(PlaceTable.Problem) {
                    made = .success(try PlaceTable(csv: [UInt8](data), countries: countries()))
                } catch {
                    made = .failure(PlaceTableError(path: path, reason: error.description))
                }
            } else {
                made = .failure(PlaceTableError(path: path, reason: "cannot be read"))
            }
            cache[path] = made
            return made
        }.get()
    }

    private static func countries() -> [String: String] {
        struct Entries: Decodable {
            struct Country: Decodable {
                var alpha2: String
                var name: String
                var commonName: String?

                enum CodingKeys: String, CodingKey {
                    case alpha2 = "alpha_2"
                    case name
                    case commonName = "common_name"
                }
            }

            var list: [Country]
            enum CodingKeys: String, CodingKey { case list = "3166-1" }
        }
        guard let data = FileManager.default.contents(atPath: countriesFile), let entries = try? JSONDecoder().decode(Entries.self, from: data) else {
            return [:]
        }
        return Dictionary(entries.list.map { ($0.alpha2, $0.commonName ?? $0.name) }) { first, _ in first }
    }
}

/// The place-name table is installed but is not one: the file and what is wrong with it.
package struct PlaceTableError: Error, CustomStringConvertible, Sendable {
    package let path: String
    package let reason: String
    package var description: String { "\(path): \(reason); install the table again with scripts/install-places.sh" }
}

import DVSignal
import Foundation
import Synchronization

/// A job's look as the canvas applies it: its `.cube` table and strength sampled into an 8-bit
/// `ColourCube` over BT.709 limited-range codes, so that a look costs what any colour conversion costs.
public enum LookCube {
    /// Why a `.cube` file cannot be used: unreadable (no line), or broken at a line and column.
    public struct Problem: Error, CustomStringConvertible {
        public let path: String
        public let line: Int?
        public let column: Int?
        public let message: String

        /// `FILE:LINE:COLUMN: MESSAGE`, or `FILE: MESSAGE`.
        public var description: String {
            line.map { "\(path):\($0):\(column ?? 1): \(message)" } ?? "\(path): \(message)"
        }
    }

    /// The table in the `.cube` file at `path`.
    public static func table(at path: String) throws(Problem) -> CubeLUT {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(path: path, line: nil, column: nil, message: "cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Problem(path: path, line: nil, column: nil, message: "is not text (a .cube file is UTF-8 text)")
        }
        do {
            return try CubeLUT(parsing: text)
        } catch {
            throw Problem(path: path, line: error.line, column: error.column, message: error.message)
        }
    }

    /// The cube of the look in the file at `path` whose content digest is `identity`, at `strength`; nil
    /// for a table that changes nothing (an identity `.cube`, or strength 0). Built once per process.
    public static func cube(path: String, identity: String, strength: Double) throws(Problem) -> ColourCube? {
        let key = "\(identity) \(strength)"
        if let known = cubes.withLock({ $0[key] }) { return known }
        let table = try table(at: path)
        let cube = table.isIdentity || strength == 0 ? nil : ColourCube(ColourConversion.look(table, strength: strength))
        cubes.withLock { $0[key] = cube }
        return cube
    }

    private static let cubes = Mutex<[String: ColourCube?]>([:])
}

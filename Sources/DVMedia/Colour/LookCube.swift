import DVSignal
import Foundation
import Synchronization

/// A job's look as the canvas applies it: its `.cube` table and strength sampled into a `ColourCube` over the
/// canvas's codes (8-bit BT.709 limited range, or an HLG reel's 10-bit codes, whose signal it grades as it
/// grades SDR's), so that a look costs what any colour conversion costs.
package enum LookCube {
    /// Why a `.cube` file cannot be used: unreadable (no line), or broken at a line and column.
    package struct Problem: Error, CustomStringConvertible {
        package let path: String
        package let line: Int?
        package let column: Int?
        package let message: String

        /// `FILE:LINE:COLUMN: MESSAGE`, or `FILE: MESSAGE`.
        package var description: String {
            line.map { "\(path):\($0):\(column ?? 1): \(message)" } ?? "\(path): \(message)"
        }

        /// The message with its line and column (`line 3, column 9: …`), without the file.
        package var reason: String {
            line.map { "line \($0), column \(column ?? 1): \(message)" } ?? message
        }
    }

    /// The table in the `.cube` file at `path`, or of the look made by code that `theme:NAME` names.
    package static func table(at path: String) throws(Problem) -> CubeLUT {
        if let name = ThemeLook.name(inLUT: path) {
            guard let look = ThemeLook(rawValue: name) else {
                throw Problem(path: path, line: nil, column: nil, message: "is no look of dvpipe's")
            }
            return look.table
        }
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

    /// The cube of `looks` applied in turn (a camera's, then the reel's); nil when none changes anything (an
    /// identity `.cube`, or strength 0) for a canvas of `format`. Built once per process for each list.
    package static func cube(_ looks: [AppliedLook], format: CanvasFormat = .sdr8) throws(Problem) -> ColourCube? {
        let key =
            "\(format.rawValue): "
            + looks.map { "\($0.identity.isEmpty ? "file " + $0.path : $0.identity) \($0.strength)" }.joined(separator: " then ")
        if let known = cubes.withLock({ $0[key] }) { return known }
        var grades: [(table: CubeLUT, strength: Double)] = []
        for look in looks {
            let table = try table(at: look.path)
            if !table.isIdentity, look.strength > 0 { grades.append((table, look.strength)) }
        }
        var cube: ColourCube?
        if !grades.isEmpty {
            cube =
                switch format {
                case .sdr8: ColourCube(ColourConversion.look(grades))
                case .hlg10:
                    ColourCube(
                        inputBits: 10, tenBitOutput: ColourConversion.hlgLook(grades),
                        measured: { format.colour.holdsSignal($0, bits: format.bitDepth) })
                }
        }
        cubes.withLock { $0[key] = cube }
        return cube
    }

    private static let cubes = Mutex<[String: ColourCube?]>([:])
}

/// A look as rendering applies it: its `.cube` file by content, and its strength. Encoded (for keys)
/// without its path.
package struct AppliedLook: Sendable, Hashable, Encodable {
    /// Absolute path of the `.cube` file, to read it; not part of the identity.
    package var path: String
    /// The file's content digest (`ContentDigests`), or for a look made by code its name and version.
    package var identity: String
    package var strength: Double

    package init(path: String, identity: String, strength: Double) {
        self.path = path
        self.identity = identity
        self.strength = strength
    }

    private enum CodingKeys: String, CodingKey {
        case identity, strength
    }
}

import DVSignal
import DVTestBasics
import Testing

/// `.cube` files read as the format says, applied by tetrahedral interpolation, and broken ones refused at
/// the line and column that break them.
@Suite struct CubeLUTTests {
    /// A 3D `.cube` text of `size` whose every row is `transform` of its lattice point.
    static func cube(size: Int, header: String = "", _ transform: (SIMD3<Double>) -> SIMD3<Double>) -> String {
        var lines = ["TITLE \"test\"", header, "LUT_3D_SIZE \(size)"]
        let step = 1 / Double(size - 1)
        for blue in 0..<size {
            for green in 0..<size {
                for red in 0..<size {
                    let out = transform(SIMD3(Double(red), Double(green), Double(blue)) * step)
                    lines.append("\(out.x) \(out.y) \(out.z)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An affine map, which any interpolation inside a lattice cell reproduces exactly.
    static func affine(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(0.8 * rgb.x + 0.1 * rgb.y + 0.05, 0.2 * rgb.x + 0.7 * rgb.y + 0.1 * rgb.z, 0.3 * rgb.z + 0.6 * rgb.y)
    }

    @Test func identityIsRecognisedAndGivesBackItsInput() throws {
        let lut = try CubeLUT(parsing: Self.cube(size: 17) { $0 })
        #expect(lut.isIdentity && lut.title == "test" && lut.lattice?.size == 17)
        let point = SIMD3(0.123, 0.77, 0.5)
        #expect(((lut.apply(point) - point) * (lut.apply(point) - point)).max() < 1e-20)
        #expect(!(try CubeLUT(parsing: Self.cube(size: 5, Self.affine)).isIdentity))
    }

    @Test func tetrahedralInterpolationReproducesAnAffineMapAndEveryLatticePoint() throws {
        let lut = try CubeLUT(parsing: Self.cube(size: 9, Self.affine))
        var generator = SplitMix64(seed: 0xC0BE)
        for _ in 0..<500 {
            let point = SIMD3(
                Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator))
            let error = lut.apply(point) - Self.affine(point)
            #expect((error * error).max() < 1e-20)
        }
        let curved = try CubeLUT(parsing: Self.cube(size: 5) { $0 * $0 })
        #expect(curved.apply(SIMD3(0.25, 0.5, 0.75)) == SIMD3(0.0625, 0.25, 0.5625))
        #expect(curved.apply(SIMD3(-1, 2, 0.5)) == SIMD3(0, 1, 0.25), "inputs outside the domain are held at its edge")
    }

    @Test func crlfLinesReadAsLfLines() throws {
        let text = Self.cube(size: 3, Self.affine)
        let windows = try CubeLUT(parsing: text.replacingOccurrences(of: "\n", with: "\r\n"))
        #expect(windows == (try CubeLUT(parsing: text)))
        do {
            _ = try CubeLUT(parsing: "LUT_3D_SIZE 2\r\n0 0 0\r\n1 0 x\r\n")
            Issue.record("a broken CRLF file was read")
        } catch {
            #expect(error.line == 3 && error.column == 5)
        }
    }

    @Test func textReadsBackToTheSameTable() throws {
        let lut = CubeLUT(size: 5, title: "round trip") { Self.affine($0) * 0.5 - 0.1 }
        let back = try CubeLUT(parsing: lut.text)
        #expect(back.title == "round trip" && back.lattice?.size == 5)
        let differences = zip(back.lattice?.values ?? [], lut.lattice?.values ?? []).map { (($0 - $1) * ($0 - $1)).max() }
        #expect(differences.count == 125 && differences.allSatisfy { $0 < 1e-12 })
    }

    @Test func domainAndShaperMapInputsBeforeTheLattice() throws {
        let wide = try CubeLUT(parsing: Self.cube(size: 3, header: "DOMAIN_MIN 0 0 0\nDOMAIN_MAX 2 2 2") { $0 })
        #expect(wide.apply(SIMD3(1, 0.5, 2)) == SIMD3(0.5, 0.25, 1), "the lattice spans 0…2: an input of 1 is its middle")
        let shaper = try CubeLUT(parsing: "LUT_1D_SIZE 3\n0 0 0\n0.25 0.5 1\n1 1 1\n")
        #expect(shaper.apply(SIMD3(0.25, 0.5, 0.75)) == SIMD3(0.125, 0.5, 1))
        #expect(shaper.lattice == nil && !shaper.isIdentity)
    }

    @Test func brokenFilesAreRefusedWhereTheyBreak() {
        func error(_ text: String) -> CubeLUT.ParseError? {
            do {
                _ = try CubeLUT(parsing: text)
                return nil
            } catch {
                return error
            }
        }
        let size1 = error("# a comment\nLUT_3D_SIZE 1\n0 0 0\n")
        #expect(size1?.line == 2 && size1?.column == 13 && size1?.message.contains("from 2 to 256") == true)
        let word = error("LUT_3D_SIZE 2\n0 0 0\n1 0 zero\n")
        #expect(word?.line == 3 && word?.column == 5 && word?.message == "this value is not a number")
        let short = error("TITLE \"x\"\nLUT_3D_SIZE 2\n0 0 0\n1 1 1\n")
        #expect(short?.line == 2 && short?.message.contains("needs 2³ = 8 rows; the file has 2") == true)
        let pair = error("LUT_1D_SIZE 2\n0 0\n")
        #expect(pair?.line == 2 && pair?.message.contains("found 2 values") == true)
        #expect(error("LUT_3D_SIZE 2\n  LUT_SIZE 4\n")?.column == 3)
        #expect(error("0 0 0\n")?.message.contains("before LUT_1D_SIZE") == true)
        #expect(error("LUT_1D_SIZE 2\n0 0 0\nDOMAIN_MIN 0 0 0\n1 1 1\n")?.line == 3)
        #expect(error("LUT_1D_SIZE 2\nDOMAIN_MIN 1 0 0\nDOMAIN_MAX 1 1 1\n0 0 0\n1 1 1\n")?.line == 3)
        #expect(error("hello")?.message.contains("not a .cube file: line 1 is not a keyword or three numbers") == true)
        #expect(error("")?.message.contains("not a .cube file") == true)
        #expect(error("LUT_3D_SIZE 2\n0 0 0\nsecret 1 1\n")?.message.contains("line 3 is not a keyword or three numbers") == true)
    }

    @Test("a file that is no .cube file is refused without a word of it in the message (a look may name any readable file)")
    func refusalsQuoteNothing() {
        let secret = "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI"
        for text in [
            "\(secret)\0HOME=/root\0", "LUT_3D_SIZE 2\n\(secret)\n", "LUT_3D_SIZE 2\n0 0 \(secret)\n", "LUT_3D_SIZE 2\n0 0 0\n\(secret) 1 1\n",
            "DOMAIN_MIN 0 0 \(secret)\n"
        ] {
            do {
                _ = try CubeLUT(parsing: text)
                Issue.record("\(text.debugDescription) was read as a .cube file")
            } catch {
                #expect(!error.message.contains("AWS") && !error.message.contains("wJalr"), "\(error.message)")
            }
        }
    }
}

import DVPlanning
import Foundation
import Testing

/// Hostile inputs for the parser: any input the fuzzer crashed or hung on goes here (see Fuzz/README.md),
/// beside hand-made ones for each YAML limit. Each must load to a job or to errors, without crashing.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    private static let inputs = PackagePaths.files(in: PackagePaths.fixtures("fuzz-regressions"))

    @Test func corpusIsPresent() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func replays(file: URL) throws {
        let bytes = try [UInt8](Data(contentsOf: file))
        let result = JobLoader.load(bytes: bytes, file: "fuzz.yaml", directory: "/nonexistent-dvpipe-fuzz")
        #expect(result.job != nil || !result.errors.isEmpty)
        #expect(result.diagnostics.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 })
    }
}

// swift-tools-version: 6.1
import PackageDescription

// libFuzzer target for the job-file parser (YAML layer and job validation). See README.md.
let package = Package(
    name: "dvpipe-fuzz",
    dependencies: [
        .package(name: "dvpipe", path: ".."),
    ],
    targets: [
        /** `LLVMFuzzerTestOneInput`: feeds each input to `JobLoader`. libFuzzer supplies `main`, hence `-parse-as-library`. */
        .executableTarget(
            name: "JobParserFuzzer",
            dependencies: [.product(name: "DVPlanning", package: "dvpipe")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

/// A libFuzzer target: `LLVMFuzzerTestOneInput` in `Sources/<name>`; libFuzzer supplies `main`, hence `-parse-as-library`.
func fuzzer(_ name: String, _ dependencies: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: dependencies, swiftSettings: [.unsafeFlags(["-parse-as-library"])])
}

// libFuzzer targets for the readers of untrusted bytes: job files, XML, WebDAV and S3 listings, `.cube` files,
// JPEG, HEIF and ISO BMFF boxes. See README.md.
let package = Package(
    name: "dvpipe-fuzz",
    dependencies: [
        .package(name: "dvpipe", path: "..")
    ],
    targets: [
        /** `JobLoader`: libyaml's events, the node tree and every job check. */
        fuzzer("JobParserFuzzer", [.product(name: "DVPlanning", package: "dvpipe")]),
        /** `XMLScanner`: tags, attributes, namespaces, entities, CDATA, declarations. */
        fuzzer("XMLScannerFuzzer", [.product(name: "DVXML", package: "dvpipe")]),
        /** The WebDAV `PROPFIND` multistatus reader. */
        fuzzer("PROPFINDFuzzer", [.product(name: "DVRemote", package: "dvpipe")]),
        /** The S3 ListObjectsV2 page reader. */
        fuzzer("S3ListingFuzzer", [.product(name: "DVRemote", package: "dvpipe")]),
        /** The `.cube` parser and the table it makes. */
        fuzzer("CubeLUTFuzzer", [.product(name: "DVSignal", package: "dvpipe")]),
        /** A JPEG's segments: frame header, EXIF (camera, position, capture time, Apple's identifier), XMP and Motion Photo layouts. */
        fuzzer("JPEGFuzzer", [.product(name: "DVMetadata", package: "dvpipe")]),
        /** A HEIF's boxes: `ftyp` brands, `meta`/`iinf`/`iloc` items, the `Exif` item, the HEIC Motion Photo layouts. */
        fuzzer("HEIFFuzzer", [.product(name: "DVMetadata", package: "dvpipe")]),
        /** An MP4 or MOV file's box tree: top-level order and `moov/trak/edts/elst`. */
        fuzzer("MovieBoxesFuzzer", [.product(name: "DVMetadata", package: "dvpipe")])
    ],
    swiftLanguageModes: [.v6]
)

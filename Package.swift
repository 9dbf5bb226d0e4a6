// swift-tools-version: 6.1
import PackageDescription

// dvpipe runs on Linux only (glibc's `st_mtim` and `mallopt`, Debian's FFmpeg); SwiftPM names no Linux platform,
// so none is listed.
// Dependencies, kept short on purpose:
// - swift-argument-parser: the CLI's subcommands, `--help` and argument errors.
// Not swift-crypto: S3's request signatures need HMAC-SHA256, which OpenSSL's libcrypto (linked already for
// SHA-256) gives; swift-crypto would build a second copy of BoringSSL into every CI run for one function.
// Everything else is the toolchain's Foundation or system C libraries found through pkg-config.
let package = Package(
    name: "dvpipe",
    products: [
        .executable(name: "dvpipe", targets: ["dvpipe"]),
        .library(name: "DVPlanning", targets: ["DVPlanning"]),
        // For the fuzz targets in Fuzz/ (a package of its own), which read through these libraries' parsers; a
        // library product adds nothing to this package's own build.
        .library(name: "DVXML", targets: ["DVXML"]),
        .library(name: "DVMetadata", targets: ["DVMetadata"]),
        .library(name: "DVSignal", targets: ["DVSignal"]),
        .library(name: "DVRemote", targets: ["DVRemote"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
    ],
    targets: [
        /** FFmpeg's libraries (system, through pkg-config) and a shim for the macros Swift cannot import. */
        .systemLibrary(
            name: "CFFmpeg",
            pkgConfig: "libavformat libavcodec libavutil libswscale libswresample",
            providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev"])]
        ),
        /** libyaml's event parser (system, through pkg-config). */
        .systemLibrary(name: "CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        /** glibc's `mallopt`, which Swift's Glibc module does not export (header only, nothing to link). */
        .systemLibrary(name: "CMalloc"),
        /** OpenSSL's libcrypto (system, through pkg-config): SHA-256 with the CPU's SHA instructions, for keys and content digests. */
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        /** The text stack (system, through pkg-config): FreeType's glyph rasteriser, HarfBuzz's shaping, FriBidi's
            bidirectional order and fontconfig's fallback fonts, as libass, mpv and Pango use them. */
        .systemLibrary(
            name: "CText", pkgConfig: "freetype2 harfbuzz fribidi fontconfig",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfribidi-dev", "libfontconfig-dev"])]
        ),
        /** ICU's line breaking (Debian's libicu-dev) behind a C function of plain types: ICU's headers cannot be
            imported beside Foundation's own copy of them. */
        .target(name: "CLineBreak", linkerSettings: [.linkedLibrary("icuuc")]),
        /** libcurl (Debian's libcurl4-openssl-dev) behind one bounded request of plain types: every request to a
            server, without Foundation's URLSession, which on Linux inflates compressed answers unasked. */
        .target(name: "CCurlTransfer", linkerSettings: [.linkedLibrary("curl")]),

        /** The process's only concurrency tools: named lanes of threads (width, nice level; map, submit, every), the bounded
            queue (the one mutex-and-condition pair) and a stop flag that cuts waits short. */
        .target(name: "DVRuntime"),
        /** One small XML reader (namespaces resolved, entities decoded) for XMP packets and sidecars and OpenCV's cascade files. */
        .target(name: "DVXML"),
        /** What a media file holds, as plain values: its streams, times, rotation, colour, capture tags, embedded movie, position,
            speed, moment scores, audio track choice, subtitle cues. The words DVMedia and the planner share; no dependency. */
        .target(name: "DVMediaFacts"),
        /** Pure planning: YAML with locations, the job model and its validation, the media index model, the planner. No FFmpeg.
            Re-exports DVMediaFacts, part of its API. */
        .target(name: "DVPlanning", dependencies: ["CLibYAML", "DVXML", "DVMediaFacts"]),
        /** ColourCube's loop as AVX2 and AVX-512 code for the x86-64 CPUs that have them (C, chosen at run time; no library). */
        .target(name: "CColourKernel"),
        /** Arithmetic on plain sample and pixel buffers: loudness, true peak, the mix, plane blur/halving/rotation, text masks, the colour cube. */
        .target(
            name: "DVSignal", dependencies: ["CColourKernel", "DVMediaFacts", "DVRuntime", "DVXML"],
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        /** Metadata read from a file's bytes without FFmpeg: HEIF sniffing, EXIF, XMP (who and what, into DVMediaFacts' `Annotations`),
            Apple's content identifier, ICC profiles, PNG colour chunks; bounded, never past the buffer. */
        .target(name: "DVMetadata", dependencies: ["DVXML", "DVMediaFacts"]),
        /** Files that are whole or absent: atomic writes, fsync, temporary names that say which host and process write them. */
        .target(name: "DVFiles"),
        /** The only code that owns FFmpeg and text-stack objects: probing, decoding, encoding, muxing, text laid out and drawn. */
        .target(
            name: "DVMedia",
            dependencies: ["CFFmpeg", "CText", "CLineBreak", "CMalloc", "DVMediaFacts", "DVSignal", "DVMetadata", "DVFiles"]),
        /** The sample, benchmark and damaged-file libraries dvpipe writes itself (`dvpipe demo`, the tests, the benchmark). */
        .target(name: "DVSamples", dependencies: ["DVMedia", "DVPlanning", "DVRuntime", "DVSignal", "DVMetadata", "DVFiles"]),
        /** What dvpipe asks servers, without FFmpeg: the HTTP client (timeouts, tries, no redirects), libraries on WebDAV or
            S3 (listings, AWS Signature V4 with OpenSSL's HMAC) and their files read in place by ranges through a block cache. */
        .target(name: "DVRemote", dependencies: ["CCrypto", "CCurlTransfer", "DVRuntime", "DVXML", "DVMetadata", "DVFiles", "DVPlanning"]),
        /** The staged executor: load, normalize, transition, encode, assemble, with checkpoint manifests and content identity. */
        .target(name: "DVRender", dependencies: ["DVPlanning", "DVMedia", "DVRuntime", "DVSignal", "DVFiles", "DVRemote"]),
        /** The subcommands, their flags, terminal output and exit codes. */
        .target(
            name: "DVPipeCommands",
            dependencies: [
                "DVPlanning", "DVMedia", "DVRender", "DVRemote", "DVRuntime", "DVSamples", "DVFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        /** The `dvpipe` executable: an entry point and nothing else. */
        .executableTarget(name: "dvpipe", dependencies: ["DVPipeCommands"]),

        /** What every test target shares, without media: temporary folders, test signals, planned clips (tests only). */
        .target(name: "DVTestBasics", dependencies: ["DVPlanning", "DVSignal"], path: "Tests/DVTestBasics"),
        /** What the media tests share: the demo fixture, reference commands, the frame census, Motion Photo bytes (tests only). */
        .target(
            name: "DVTestSupport", dependencies: ["DVPlanning", "DVRender", "DVSamples", "DVSignal", "DVTestBasics"], path: "Tests/DVTestSupport"),
        .testTarget(name: "DVPlanningTests", dependencies: ["DVPlanning", "DVTestBasics"], exclude: ["Fixtures", "Plan/Snapshots"]),
        .testTarget(name: "DVRuntimeTests", dependencies: ["DVRuntime"]),
        .testTarget(name: "DVSignalTests", dependencies: ["DVSignal", "DVTestBasics"]),
        .testTarget(name: "DVXMLTests", dependencies: ["DVXML", "DVTestBasics"]),
        /** The remote tests open `MediaLocation`s holding `RemoteFile`s through DVMedia, as the render does. */
        .testTarget(name: "DVRemoteTests", dependencies: ["DVRemote", "DVMetadata", "DVMedia", "DVSamples", "DVTestBasics"]),
        .testTarget(
            name: "DVMediaTests",
            dependencies: ["DVMedia", "DVSignal", "DVMetadata", "DVPlanning", "DVRender", "DVSamples", "DVTestBasics", "DVTestSupport"]),
        .testTarget(
            name: "DVRenderTests",
            dependencies: ["DVRender", "DVMedia", "DVRemote", "DVSignal", "DVFiles", "DVPlanning", "DVSamples", "DVTestBasics", "DVTestSupport"]),
        .testTarget(
            name: "DVPipeTests",
            dependencies: [
                "dvpipe", "DVPipeCommands", "DVPlanning", "DVRender", "DVMedia", "DVMetadata", "DVSignal", "DVSamples", "DVTestBasics",
                "DVTestSupport"
            ],
            exclude: ["Corpus", "Snapshots"])
    ],
    swiftLanguageModes: [.v6]
)

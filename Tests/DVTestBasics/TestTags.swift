import Testing

/// The tiers of the suite, beside the pure unit tests (untagged): `swift test --filter tag:NAME` runs one,
/// `--skip tag:NAME` leaves it out (CONTRIBUTING.md).
extension Tag {
    /// Checks dvpipe against another tool's answer (the ffmpeg, ffprobe or exiftool command, colour-science,
    /// OpenCV, libass, the linters): needs what `make test` installs.
    @Tag package static var reference: Self
    /// Runs the `dvpipe` command, or renders whole reels: real media through every stage, slower.
    @Tag package static var endToEnd: Self
}

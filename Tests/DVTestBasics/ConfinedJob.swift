/// The job file the `--confine` tests vary: its library on line 2, its output on line 4, anything else from line 5.
package enum ConfinedJob {
    package static func text(library: String = "../media", output: String = "../out/reel.mp4", extra: String = "") -> String {
        """
        version: 1
        library: { paths: [\(library)] }
        timeframe: { month: 2024-12 }
        output: { path: \(output) }
        \(extra)

        """
    }
}

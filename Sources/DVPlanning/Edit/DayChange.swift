/// A change to one day of a job file, as `dvpipe apply`, `pin` and `skip` make it: a pin, a skip, or both.
public struct DayChange: Sendable, Hashable {
    /// The file to pin on the day, with an optional start; nil leaves the day's pin as it is.
    public var pin: PinChoice?
    /// `true` skips the day, `false` un-skips it; nil leaves it as it is.
    public var skip: Bool?

    public init(pin: PinChoice? = nil, skip: Bool? = nil) {
        self.pin = pin
        self.skip = skip
    }

    /// A pinned file, named as a job's `days.<date>.pin` names it, and where its window starts.
    public struct PinChoice: Sendable, Hashable {
        public var file: String
        /// Seconds from the clip's start, to the millisecond; nil for the job's own start.
        public var start: Double?

        public init(file: String, start: Double? = nil) {
            self.file = file
            self.start = start
        }
    }

    /// `pin: "FILE"` / `pin: {file: "FILE", start: 12.5s}` and `skip: …`, as one line each.
    var lines: [(key: String, value: String)] {
        var lines: [(key: String, value: String)] = []
        if let pin {
            lines.append((key: "pin", value: pin.yaml))
        }
        if let skip {
            lines.append((key: "skip", value: skip ? "true" : "false"))
        }
        return lines
    }
}

extension DayChange.PinChoice {
    /// The pin as YAML: the file always double-quoted, the start as seconds with an `s`.
    var yaml: String {
        guard let start else { return YAMLNode.doubleQuoted(file) }
        return "{file: \(YAMLNode.doubleQuoted(file)), start: \(Self.seconds(start))}"
    }

    /// `12.5s`, `3s`, `0.125s`: at most three decimals, no trailing zeros.
    public static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let whole = milliseconds / 1000
        var fraction = String(milliseconds % 1000)
        guard fraction != "0" else { return "\(whole)s" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(whole).\(fraction)s"
    }
}

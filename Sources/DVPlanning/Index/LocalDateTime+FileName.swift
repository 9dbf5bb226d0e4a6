extension LocalDateTime {
    /// The capture date and time that camera apps write into file names, read as local wall-clock time.
    ///
    /// Finds the first `YYYYMMDD` or `YYYY-MM-DD` (separators `-`, `_`, `.`, used consistently) that does not
    /// sit inside a longer run of digits, with a year from 1990 to 2099, optionally followed by a time
    /// `HHMMSS` / `HH.MM.SS` / `HH-MM-SS` / `HH:MM:SS` after `_`, `-`, ` ` or `T`, and optional fraction digits:
    /// `VID_20241205_181500.mp4`, `PXL_20241205_181500123.mp4`, `IMG_20241205_181500.jpg`,
    /// `2024-12-05 18.15.00.mov`, `20241205_181500.mp4`, `Screenshot_2024-12-05-18-15-00.png`. A date with no
    /// time (`VID-20241205-WA0001.mp4`) gives midnight.
    public init?(fileName: String) {
        let scanner = DigitScanner(fileName)
        for start in 0..<scanner.count where scanner.isDigit(at: start) && !scanner.isDigit(at: start - 1) {
            var attempt = scanner
            attempt.position = start
            if let found = LocalDateTime.dateAndTime(from: &attempt) {
                self = found
                return
            }
        }
        return nil
    }

    private static func dateAndTime(from scanner: inout DigitScanner) -> LocalDateTime? {
        guard let year = scanner.number(digits: 4), (1990...2099).contains(year) else { return nil }
        let separator = scanner.separator(anyOf: "-_.")
        guard let month = scanner.number(digits: 2), scanner.skip(separator),
            let day = scanner.number(digits: 2)
        else { return nil }
        let afterDate = scanner
        if let time = LocalDateTime.time(from: &scanner),
            let found = LocalDateTime(
                validatingYear: year, month: month, day: day, hour: time.hour, minute: time.minute,
                second: time.second, millisecond: time.millisecond)
        {
            return found
        }
        guard !afterDate.isDigit(at: afterDate.position) else { return nil }
        return LocalDateTime(validatingYear: year, month: month, day: day, hour: 0, minute: 0, second: 0)
    }

    private static func time(
        from scanner: inout DigitScanner
    ) -> (hour: Int, minute: Int, second: Int, millisecond: Int)? {
        guard scanner.skip(anyOf: "_- T"), let hour = scanner.number(digits: 2) else { return nil }
        let separator = scanner.separator(anyOf: "-_.:")
        guard let minute = scanner.number(digits: 2), scanner.skip(separator),
            let second = scanner.number(digits: 2)
        else { return nil }
        let millisecond = scanner.isDigit(at: scanner.position) ? scanner.fractionMilliseconds() : 0
        return (hour, minute, second, millisecond)
    }
}

extension DigitScanner {
    /// Consumes one of `characters` and returns it, or returns nil (no separator) and consumes nothing.
    fileprivate mutating func separator(anyOf characters: String) -> Character? {
        for character in characters where skip(character) { return character }
        return nil
    }

    /// Consumes `separator` when there is one; with none, succeeds without consuming.
    fileprivate mutating func skip(_ separator: Character?) -> Bool {
        guard let separator else { return true }
        return skip(separator)
    }
}

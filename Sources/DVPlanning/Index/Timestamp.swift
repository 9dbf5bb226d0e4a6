/// An ISO 8601 date-time as phones write it in container tags, with its UTC offset when it has one.
///
/// Accepts `2024-12-03T23:40:00-0800`, `…-08:00`, `…Z`, fractional seconds (`07:40:00.000000Z`), a space
/// instead of `T`, and no offset at all.
struct Timestamp: Hashable {
    /// The date and time as written, before any offset is applied.
    var wallClock: LocalDateTime
    /// Seconds east of UTC (`-0800` is −28,800), or nil when the text carries no offset.
    var utcOffsetSeconds: Int?

    init?(parsing text: String) {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
            scanner.skip(":"), let second = scanner.number(digits: 2)
        else { return nil }
        let millisecond = scanner.skip(".") ? scanner.fractionMilliseconds() : 0
        guard
            let wallClock = LocalDateTime(
                validatingYear: year, month: month, day: day, hour: hour, minute: minute, second: second,
                millisecond: millisecond)
        else { return nil }
        self.wallClock = wallClock
        if scanner.isAtEnd {
            utcOffsetSeconds = nil
        } else if scanner.skip("Z") || scanner.skip("z") {
            utcOffsetSeconds = 0
        } else {
            let sign = scanner.skip("+") ? 1 : (scanner.skip("-") ? -1 : 0)
            guard sign != 0, let hours = scanner.number(digits: 2), hours <= 18 else { return nil }
            _ = scanner.skip(":")
            guard let minutes = scanner.number(digits: 2), minutes < 60 else { return nil }
            utcOffsetSeconds = sign * (hours * 3600 + minutes * 60)
        }
        guard scanner.isAtEnd else { return nil }
    }

    /// The instant this names, in milliseconds since 1970-01-01T00:00:00Z, taking a missing offset as UTC.
    var epochMilliseconds: Int {
        wallClock.epochMilliseconds(utcOffsetSeconds: utcOffsetSeconds ?? 0)
    }
}

/// Conversions between wall-clock times and instants, by the days-from-civil arithmetic of the proleptic
/// Gregorian calendar (no Foundation `Calendar`, so converting 20,000 timestamps stays cheap).
extension LocalDateTime {
    /// The wall clock at `epochMilliseconds` (since 1970-01-01T00:00:00Z) in a place `utcOffsetSeconds` east of UTC.
    public init(epochMilliseconds: Int, utcOffsetSeconds: Int) {
        let local = epochMilliseconds + utcOffsetSeconds * 1000
        let (days, millisecondOfDay) = local.floorDivided(by: 86_400_000)
        let (year, month, day) = LocalDateTime.civil(fromDays: days)
        self.init(
            year: year, month: month, day: day, hour: millisecondOfDay / 3_600_000,
            minute: millisecondOfDay / 60_000 % 60, second: millisecondOfDay / 1000 % 60,
            millisecond: millisecondOfDay % 1000)
    }

    /// The instant this wall-clock time names in a place `utcOffsetSeconds` east of UTC.
    public func epochMilliseconds(utcOffsetSeconds: Int) -> Int {
        let days = LocalDateTime.days(fromYear: year, month: month, day: day)
        let millisecondOfDay = ((hour * 60 + minute) * 60 + second) * 1000 + millisecond
        return days * 86_400_000 + millisecondOfDay - utcOffsetSeconds * 1000
    }

    /// Days since 1970-01-01 of a civil date.
    static func days(fromYear year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = shiftedYear.floorDivided(by: 400)
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let (era, dayOfEra) = (days + 719_468).floorDivided(by: 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// Quotient rounded towards minus infinity and the matching non-negative remainder.
    func floorDivided(by divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((self % divisor) + divisor) % divisor
        return ((self - remainder) / divisor, remainder)
    }
}

extension Job.DateStamp {
    /// The stamp's words for `day`: its date in the stamp's pattern and locale, the place tokens of the
    /// pattern filled (`MMM d · {city}`, see `Place.fill(pattern:with:)`), and with `show_source` the day a
    /// pinned clip was filmed ("Sun, Dec 8 (from Dec 6)").
    public func text(for day: PlannedDay) -> String {
        let text = DayFormatter(pattern: Place.fill(pattern: format, with: day.clip?.place), locale: locale).string(for: day.date)
        guard showSource, let source = day.clip?.sourceDate, source != day.date else { return text }
        return "\(text) (from \(DayFormatter(pattern: "MMM d", locale: locale).string(for: source)))"
    }
}

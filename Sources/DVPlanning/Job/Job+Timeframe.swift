extension Job {
    /// Which days the reel covers: one of four forms.
    public enum Timeframe: Sendable, Hashable, Codable, CustomStringConvertible {
        /// `month: 2024-12`.
        case month(year: Int, month: Int)
        /// `year: 2024`.
        case year(Int)
        /// `from:` and `to:`, both inclusive.
        case range(from: CalendarDay, to: CalendarDay)
        /// `last: month|week|year|Nd`: the last complete period before the as-of day.
        case last(RelativePeriod)

        public var description: String {
            switch self {
            case .month(let year, let month): return "month \(year)-\(month < 10 ? "0" : "")\(month)"
            case .year(let year): return "year \(year)"
            case .range(let from, let to): return "\(from) to \(to)"
            case .last(let period): return "last \(period)"
            }
        }
    }

    /// The period of a relative `last:` timeframe.
    public enum RelativePeriod: Sendable, Hashable, Codable, CustomStringConvertible {
        /// The previous calendar month.
        case month
        /// The previous Monday-to-Sunday week.
        case week
        /// The previous calendar year.
        case year
        /// The N days before the as-of day.
        case days(Int)

        public var description: String {
            switch self {
            case .month: return "month"
            case .week: return "week"
            case .year: return "year"
            case .days(let count): return "\(count)d"
            }
        }
    }
}

extension JobDecoder {
    mutating func decodeTimeframe(_ node: YAMLNode) -> Job.Timeframe? {
        guard let fields = fields(of: node, path: "timeframe", allowed: ["month", "year", "from", "to", "last"]) else { return nil }
        let forms = [["month"], ["year"], ["from", "to"], ["last"]].filter { form in form.contains { fields[$0] != nil } }
        guard let form = forms.first else {
            error("timeframe needs exactly one of: month (2024-12), year (2024), from + to, last (month|week|year|Nd)", at: node)
            return nil
        }
        if forms.count > 1, let second = forms[1].compactMap({ fields.keyNode($0) }).first {
            error("timeframe has both '\(form[0])' and '\(forms[1][0])'; keep exactly one form", at: second)
            return nil
        }
        switch form[0] {
        case "month":
            return value(fields, "month", expected: "a month like 2024-12", Self.parseMonth)
        case "year":
            guard let year = integer(fields, "year", in: 1900...9999) else { return nil }
            return .year(year)
        case "from":
            return decodeRange(fields)
        default:
            return value(fields, "last", expected: "month, week, year or a number of days like 30d", Self.parsePeriod).map { .last($0) }
        }
    }

    private mutating func decodeRange(_ fields: Fields) -> Job.Timeframe? {
        for (key, other) in [("from", "to"), ("to", "from")] where fields[key] == nil {
            error("timeframe.\(other) needs timeframe.\(key) too; give both (inclusive)", at: fields.keyNode(other) ?? fields.node)
            return nil
        }
        let from = value(fields, "from", expected: "a date like 2024-12-01", CalendarDay.init)
        let to = value(fields, "to", expected: "a date like 2024-12-31", CalendarDay.init)
        guard let from, let to, let toNode = fields["to"] else { return nil }
        guard from <= to else {
            error("timeframe.to \(to) is before timeframe.from \(from); swap them", at: toNode)
            return nil
        }
        return .range(from: from, to: to)
    }

    static func parseMonth(_ text: String) -> Job.Timeframe? {
        guard text.count == 7, let first = CalendarDay(text + "-01") else { return nil }
        return .month(year: first.year, month: first.month)
    }

    static func parsePeriod(_ text: String) -> Job.RelativePeriod? {
        switch text {
        case "month": return .month
        case "week": return .week
        case "year": return .year
        default:
            guard text.hasSuffix("d"), text.count <= 5, let count = Int(text.dropLast()), (1...3660).contains(count),
                text.first?.isNumber == true
            else { return nil }
            return .days(count)
        }
    }
}

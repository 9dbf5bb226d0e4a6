/// A changes file (`changes.yaml`, as the review page offers it): the job's name and, by date, the pin
/// and skip to write into the job file with `dvpipe apply`.
///
/// ```yaml
/// job: Holiday 2024
/// days:
///   2024-12-03:
///     pin: {file: "2024/12/IMG_0042.MOV", start: 12.5s}
///   2024-12-07:
///     skip: true
/// ```
public struct ChangesFile: Sendable {
    /// The name of the job the changes were made for (`Job.name`).
    public var job: String
    /// Where `job:` is written.
    public var jobLocation: SourceLocation
    /// The change to each date.
    public var days: [CalendarDay: DayChange]
    /// Where each date is written.
    public var dayLocations: [CalendarDay: SourceLocation]

    /// Reads a changes file; nil with the problems (each at its line and column) when it is not one.
    public static func read(_ bytes: [UInt8], file: String) -> (changes: ChangesFile?, problems: [Diagnostic]) {
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let document: YAMLDocument
        do {
            document = try YAMLParser().parse(content, file: file)
        } catch {
            return (nil, [error.diagnostic])
        }
        var reader = Reader(file: file)
        reader.problems = document.problems.map(\.diagnostic)
        let changes = document.root.flatMap { reader.read($0) }
        if document.root == nil {
            reader.problem("the changes file is empty; it starts with 'job: NAME' and 'days:'", at: SourceLocation(file: file, line: 1, column: 1))
        }
        return (reader.problems.isEmpty ? changes : nil, reader.problems)
    }

    /// What keeps these changes from `job`: another job's name, a date outside its timeframe (`range`).
    public func problems(for job: Job, range: DayRange) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        if self.job != job.name {
            problems.append(
                Diagnostic(.error, at: jobLocation, "these changes are for the job '\(self.job)', not '\(job.name)'; apply them to that job's file"))
        }
        for (day, location) in dayLocations.sorted(by: { $0.value < $1.value }) where !range.contains(day) {
            problems.append(Diagnostic(.error, at: location, "\(day) is outside the job's timeframe \(range)"))
        }
        return problems
    }

    /// Reads a pin's start: seconds with an `s`, at most three decimals (`12.5s`); nil otherwise.
    public static func seconds(_ text: String) -> Double? {
        guard text.hasSuffix("s") else { return nil }
        let number = text.dropLast()
        let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCII), whole.allSatisfy(\.isNumber),
            parts.count == 1 || (1...3).contains(parts[1].count) && parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Double(number)
    }

    /// Walks the tree, collecting every problem rather than stopping at the first.
    private struct Reader {
        let file: String
        var problems: [Diagnostic] = []

        mutating func problem(_ message: String, at location: SourceLocation) {
            problems.append(Diagnostic(.error, at: location, message))
        }

        mutating func read(_ root: YAMLNode) -> ChangesFile? {
            guard let entries = root.entries else {
                problem("a changes file is a mapping with 'job' and 'days'; found \(root.summary)", at: root.location)
                return nil
            }
            var job: (String, SourceLocation)?
            var days: [CalendarDay: DayChange] = [:]
            var locations: [CalendarDay: SourceLocation] = [:]
            for entry in entries {
                switch entry.key.scalar {
                case "job":
                    if let name = entry.value.scalar, !entry.value.isNull {
                        job = (name, entry.value.location)
                    } else {
                        problem("job is the job's name as 'dvpipe plan' prints it; found \(entry.value.summary)", at: entry.value.location)
                    }
                case "days":
                    guard let dates = entry.value.entries else {
                        problem("days is a mapping of dates to a pin or a skip; found \(entry.value.summary)", at: entry.value.location)
                        continue
                    }
                    for date in dates {
                        guard let text = date.key.scalar, let day = CalendarDay(text) else {
                            problem("\(date.key.summary) is not a date like 2024-12-25", at: date.key.location)
                            continue
                        }
                        if let change = readDay(date.value, day: day) {
                            days[day] = change
                            locations[day] = date.key.location
                        }
                    }
                default:
                    problem("unknown key \(entry.key.summary) in a changes file; it has 'job' and 'days'", at: entry.key.location)
                }
            }
            guard let job else {
                if !entries.contains(where: { $0.key.scalar == "job" }) {
                    problem("the changes file names no job; add 'job: NAME' as 'dvpipe plan' prints it", at: root.location)
                }
                return nil
            }
            return ChangesFile(job: job.0, jobLocation: job.1, days: days, dayLocations: locations)
        }

        private mutating func readDay(_ node: YAMLNode, day: CalendarDay) -> DayChange? {
            guard let entries = node.entries, !entries.isEmpty else {
                problem("days.\(day) takes 'pin' and/or 'skip'; found \(node.summary)", at: node.location)
                return nil
            }
            var change = DayChange()
            var failed = false
            for entry in entries {
                switch entry.key.scalar {
                case "pin":
                    change.pin = readPin(entry.value, name: "days.\(day).pin")
                    failed = failed || change.pin == nil
                case "skip":
                    guard entry.value.isPlainScalar, let text = entry.value.scalar, let skip = ["true": true, "false": false][text] else {
                        problem("days.\(day).skip is true or false; found \(entry.value.summary)", at: entry.value.location)
                        failed = true
                        continue
                    }
                    change.skip = skip
                default:
                    problem("unknown key \(entry.key.summary) in days.\(day); it takes 'pin' and 'skip'", at: entry.key.location)
                    failed = true
                }
            }
            return failed ? nil : change
        }

        private mutating func readPin(_ node: YAMLNode, name: String) -> DayChange.PinChoice? {
            if let file = node.scalar {
                guard !file.isEmpty, !node.isNull else {
                    problem("\(name) names a file; found nothing", at: node.location)
                    return nil
                }
                return DayChange.PinChoice(file: file)
            }
            guard let entries = node.entries else {
                problem("\(name) is a file or {file: FILE, start: 12.5s}; found \(node.summary)", at: node.location)
                return nil
            }
            var file: String?
            var start: Double?
            for entry in entries {
                switch entry.key.scalar {
                case "file":
                    guard let text = entry.value.scalar, !text.isEmpty, !entry.value.isNull else {
                        problem("\(name).file names a file; found \(entry.value.summary)", at: entry.value.location)
                        return nil
                    }
                    file = text
                case "start":
                    guard let text = entry.value.scalar, let seconds = ChangesFile.seconds(text) else {
                        problem(
                            "\(name).start is seconds with an s, at most 3 decimals (12.5s); found \(entry.value.summary)", at: entry.value.location)
                        return nil
                    }
                    start = seconds
                default:
                    problem("unknown key \(entry.key.summary) in \(name); it takes 'file' and 'start'", at: entry.key.location)
                    return nil
                }
            }
            guard let file else {
                problem("\(name) has no file", at: node.location)
                return nil
            }
            return DayChange.PinChoice(file: file, start: start)
        }
    }
}

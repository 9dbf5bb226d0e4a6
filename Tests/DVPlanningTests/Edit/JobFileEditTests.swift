import DVPlanning
import DVTestBasics
import Foundation
import Testing

/// `JobFileEdit`: days changed in a job file's own text, every other byte kept.
@Suite("Job file edit")
struct JobFileEditTests {
    static let head = "version: 1\nname: Edit\nlibrary: { paths: [media] }\ntimeframe: { month: 2024-12 }\noutput: { path: out.mp4 }\n"

    private func edit(_ text: String, _ changes: [CalendarDay: DayChange], merged: YAMLNode? = nil) throws -> String {
        let bytes = try JobFileEdit(bytes: Array(text.utf8), file: "t.yaml", merged: merged).applying(changes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private func load(_ text: String) -> JobLoadResult {
        JobLoader.load(text: text, file: "t.yaml", directory: "/nonexistent")
    }

    private static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test func replacesOnlyThePinLineOfABlockDayAndKeepsItsOtherKeys() throws {
        let text =
            Self.head + """
                # the days I chose
                days:
                    2024-12-03:   # birthday
                        caption: "Party"   # shown all clip long
                        pin: old.MOV
                        speed: 2

                    2024-12-05: { skip: true }
                """ + "\n"
        let result = try edit(text, [Self.day("2024-12-03"): DayChange(pin: .init(file: "new one.MOV", start: 12.5))])
        #expect(result == text.replacingOccurrences(of: "pin: old.MOV", with: "pin: {file: \"new one.MOV\", start: 12.5s}"))
        let job = try #require(load(result).job)
        #expect(job.days[Self.day("2024-12-03")]?.pin == Job.Pin(file: "new one.MOV", start: ClipStart("12.5s")))
        #expect(job.days[Self.day("2024-12-03")]?.caption == "Party")
    }

    @Test func addsKeysWithTheDayIndentationAndInsertsMissingDatesInOrder() throws {
        let text = Self.head + "days:\n    \"2024-12-02\":\n        caption: A\n    2024-12-09:\n        caption: B\n# end\n"
        let result = try edit(
            text,
            [
                Self.day("2024-12-02"): DayChange(skip: true), Self.day("2024-12-05"): DayChange(pin: .init(file: "x.MOV")),
                Self.day("2024-12-20"): DayChange(skip: true), Self.day("2024-12-01"): DayChange(skip: true)
            ])
        #expect(
            result == Self.head + """
                days:
                    2024-12-01:
                        skip: true
                    "2024-12-02":
                        caption: A
                        skip: true
                    2024-12-05:
                        pin: "x.MOV"
                    2024-12-09:
                        caption: B
                    2024-12-20:
                        skip: true
                # end

                """)
    }

    @Test func appendsADaysBlockToAFileWithoutOneAndKeepsAMissingFinalNewline() throws {
        let text = Self.head + "# last line"
        let result = try edit(text, [Self.day("2024-12-04"): DayChange(skip: true)])
        #expect(result == text + "\ndays:\n  2024-12-04:\n    skip: true")
        #expect(load(result).job?.days[Self.day("2024-12-04")]?.skip == true)
    }

    @Test func keepsWindowsLineEnds() throws {
        let text = (Self.head + "days:\n  2024-12-03:\n    pin: a.MOV\n    caption: hi\n").replacingOccurrences(of: "\n", with: "\r\n")
        let result = try edit(text, [Self.day("2024-12-03"): DayChange(pin: .init(file: "b.MOV")), Self.day("2024-12-04"): DayChange(skip: true)])
        #expect(
            result == text.replacingOccurrences(of: "pin: a.MOV", with: "pin: \"b.MOV\"") + "  2024-12-04:\r\n    skip: true\r\n")
    }

    @Test func rewritesAFlowDayOnItsOwnLine() throws {
        let text = Self.head + "days:\n  2024-12-24: { pin: IMG_0011.MOV, caption: \"Christmas Eve\" }   # eve\n  2024-12-25: {}\n"
        let result = try edit(
            text, [Self.day("2024-12-24"): DayChange(pin: .init(file: "b.MOV", start: 1)), Self.day("2024-12-25"): DayChange(skip: true)])
        #expect(
            result
                == Self.head
                + "days:\n  2024-12-24: {pin: {file: \"b.MOV\", start: 1s}, caption: \"Christmas Eve\"}   # eve\n  2024-12-25: {skip: true}\n")
    }

    @Test func replacesABlockPinMappingWhole() throws {
        let text = Self.head + "days:\n  2024-12-03:\n    pin:\n      file: a.MOV\n      start: 2s\n    # note\n    caption: hi\n"
        let result = try edit(text, [Self.day("2024-12-03"): DayChange(pin: .init(file: "b.MOV"))])
        #expect(result == Self.head + "days:\n  2024-12-03:\n    pin: \"b.MOV\"\n    # note\n    caption: hi\n")
    }

    @Test func writesAnEmptyOrNullDaysAsABlock() throws {
        for empty in ["days: {}", "days:", "days: ~"] {
            let text = Self.head + empty + "\nclips: { video: { duration: 2s } }\n"
            let result = try edit(text, [Self.day("2024-12-04"): DayChange(skip: true)])
            #expect(result == Self.head + "days:\n  2024-12-04:\n    skip: true\nclips: { video: { duration: 2s } }\n")
        }
    }

    @Test func refusesAFlowDaysMappingAndAPinOnADayWithLayers() throws {
        let flow = Self.head + "days: { 2024-12-01: { skip: true } }\n"
        #expect(throws: JobFileEditError.self) { try edit(flow, [Self.day("2024-12-04"): DayChange(skip: true)]) }
        let layered = Self.head + "days:\n  2024-12-03:\n    layers:\n      - { file: a.MOV }\n"
        let error = #expect(throws: JobFileEditError.self) {
            try edit(layered, [Self.day("2024-12-03"): DayChange(pin: .init(file: "b.MOV"))])
        }
        #expect(error?.location.line == 7 && error?.message.contains("layers") == true)
        #expect(try edit(layered, [Self.day("2024-12-03"): DayChange(skip: true)]).hasSuffix("- { file: a.MOV }\n    skip: true\n"))
    }

    @Test func hostileFileNamesRoundTrip() throws {
        let names = [
            "say \"cheese\".MOV", "two\nlines.mp4", "back\\slash\\.mov", "東京/夜景.MOV", "tab\there #1.mov", "bell\u{7}.mov", "line\u{2028}sep.mov"
        ]
        for name in names {
            let result = try edit(Self.head, [Self.day("2024-12-03"): DayChange(pin: .init(file: name))])
            #expect(load(result).job?.days[Self.day("2024-12-03")]?.pin?.file == name, "\(name.debugDescription)")
        }
    }

    @Test func aDayFromAPresetIsWrittenIntoTheJobWithThePresetsOtherKeys() throws {
        let folder = try TemporaryFolder("edit-preset")
        let preset = "days:\n  2024-12-03: { skip: true, caption: From the preset }\n"
        try preset.write(to: folder.url.appendingPathComponent("preset.yaml"), atomically: true, encoding: .utf8)
        let job = folder.url.appendingPathComponent("job.yaml").path
        let text = "extends: preset.yaml\n" + Self.head
        try text.write(toFile: job, atomically: true, encoding: .utf8)
        let before = JobLoader.load(path: job)
        #expect(before.job?.days[Self.day("2024-12-03")]?.skip == true)
        let bytes = try JobFileEdit(bytes: Array(text.utf8), file: job, merged: before.tree)
            .applying([Self.day("2024-12-03"): DayChange(pin: .init(file: "a.MOV"))])
        let result = String(decoding: bytes, as: UTF8.self)
        #expect(result == text + "days:\n  2024-12-03:\n    caption: From the preset\n    pin: \"a.MOV\"\n    skip: false\n")
        try result.write(toFile: job, atomically: true, encoding: .utf8)
        let after = try #require(JobLoader.load(path: job).job?.days[Self.day("2024-12-03")])
        #expect(after.skip == false && after.pin?.file == "a.MOV" && after.caption == "From the preset")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("preset.yaml"), encoding: .utf8) == preset)
    }

    @Test func keepsPlacesRightAfterNonLatinText() throws {
        let text = "# 日本語のコメント — ✓\n" + Self.head + "days:\n  2024-12-03:\n    caption: \"東京 🗼\"\n    skip: true\n"
        let result = try edit(text, [Self.day("2024-12-03"): DayChange(skip: false)])
        #expect(result == text.replacingOccurrences(of: "skip: true", with: "skip: false"))
    }

    /// Random changes to the repository's example jobs: outside the changed days' lines nothing moves,
    /// and the days load as intended.
    @Test(arguments: PackagePaths.files(in: PackagePaths.root.appendingPathComponent("jobs"), extensions: ["yaml"]))
    func randomChangesToExampleJobsTouchOnlyTheirDays(url: URL) throws {
        let bytes = Array(try Data(contentsOf: url))
        let original = JobLoader.load(path: url.path)
        let job = try #require(original.job, "\(original.errors)")
        let range = job.resolvedTimeframe(asOf: CalendarDay("2024-12-31"))
        var random = SplitMix64(seed: UInt64(bytes.count))
        let names = ["IMG_0042.MOV", "say \"cheese\".MOV", "two\nlines.mp4", "back\\slash.mov", "東京/夜景.MOV"]
        for _ in 0..<12 {
            var changes: [CalendarDay: DayChange] = [:]
            let all = Array(range)
            for _ in 0..<(1 + random.next() % 4) {
                let day = all[Int(random.next() % UInt64(all.count))]
                let layered = !(job.days[day]?.layers.isEmpty ?? true)
                switch random.next() % 3 {
                case 0 where !layered:
                    let start = random.next() % 2 == 0 ? nil : Double(random.next() % 20_000) / 1000
                    changes[day] = DayChange(pin: .init(file: names[Int(random.next() % UInt64(names.count))], start: start))
                case 1: changes[day] = DayChange(skip: true)
                default: changes[day] = DayChange(skip: false)
                }
            }
            let edited = try JobFileEdit(bytes: bytes, file: url.path, merged: original.tree).applying(changes)
            let loaded = JobLoader.load(bytes: edited, file: url.path, directory: url.deletingLastPathComponent().path)
            let after = try #require(loaded.job, "\(loaded.errors)")
            var expected = job.days
            for (day, change) in changes {
                var settings = expected[day] ?? Job.DaySettings()
                if let pin = change.pin {
                    settings.pin = Job.Pin(file: pin.file, start: pin.start.map { ClipStart(DayChange.PinChoice.seconds($0))! })
                    settings.skip = change.skip ?? false
                }
                if let skip = change.skip { settings.skip = skip }
                expected[day] = settings
            }
            #expect(after.days == expected)
            #expect(Self.outside(changes.keys, of: bytes) == Self.outside(changes.keys, of: edited), "\(changes)")
        }
    }

    /// The file's lines outside the entries of `days` under `days:`, without the `days:` line itself (which
    /// a file without days gains).
    private static func outside(_ days: Dictionary<CalendarDay, DayChange>.Keys, of bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let daysLine = lines.firstIndex(where: { $0.hasPrefix("days:") }) else { return lines }
        var index = daysLine + 1
        var kept = Array(lines[..<daysLine])
        while index < lines.count, lines[index].hasPrefix(" ") || lines[index].isEmpty {
            let line = lines[index]
            let key = line.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map { $0.trimmingCharacters(in: ["\""]) }
            let isDate = line.hasPrefix("  ") && !line.hasPrefix("   ") && key.flatMap(CalendarDay.init) != nil
            if isDate, let day = key.flatMap(CalendarDay.init), days.contains(day) {
                index += 1
                while index < lines.count, lines[index].hasPrefix("   ") { index += 1 }
                continue
            }
            kept.append(line)
            index += 1
        }
        lines = kept + lines[index...]
        return lines
    }
}

import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe plan` over the built-in demo library, as a user runs it.
@Suite(.tags(.endToEnd)) struct PlanCommandTests {
    /// The fields of `plan --json` these tests read.
    struct PlanDocument: Decodable {
        struct Day: Decodable {
            let date: String
            let file: String?
            let reason: String
            let status: String
        }
        struct Warning: Decodable {
            let code: String
            let file: String?
        }
        let version: Int
        let days: [Day]
        let warnings: [Warning]
    }

    @Test func theDemoPlanShowsEveryKindOfReason() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("timeframe: 2024-12-01 … 2024-12-31 (31 days)"))
        let plan = try JSONDecoder().decode(PlanDocument.self, from: Data(result.standardOutput.utf8))
        #expect(plan.version == 1)
        #expect(plan.days.count == 31)
        let reasons = Set(plan.days.map(\.reason))
        for reason in ["pinned", "pinned from 2024-12-06", "video 1 of 3", "live photo 1 of 1", "no media", "skipped"] {
            #expect(reasons.contains(reason), "no day with reason '\(reason)' in \(reasons.sorted())")
        }
        let eighth = try #require(plan.days.first { $0.date == "2024-12-08" })
        #expect(eighth.file == "IMG_0006.MOV" && eighth.status == "pinned")
        #expect(plan.warnings.contains { $0.code == "unreadable_file" && $0.file == "IMG_0025.MOV" })
        #expect(plan.warnings.contains { $0.code == "day_from_mtime" && $0.file == "holiday-party.mp4" })
    }

    @Test func theTableNamesFilesReasonsAndTotals() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["plan", job.path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("2024-12-08  Sun  IMG_0006.MOV"))
        #expect(result.standardOutput.contains("pinned from 2024-12-06"))
        #expect(result.standardOutput.contains("Totals: 24 of 31 days with media"))
    }

    @Test("a text moved clear of another is shown with where it went and why, in the table and the JSON, with the safe area")
    func movedTextsAreShown() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder) { text in
            text.replacingOccurrences(of: "position: bottom-left, size: 0.045", with: "position: bottom, size: 0.045")
                .replacingOccurrences(of: "  fit: contain\n", with: "  fit: contain\n  safe_area: { bottom: 0.1 }\n")
        }
        let table = try DVPipeProcess.run(["plan", job.path])
        #expect(table.status == 0, "stderr: \(table.standardError)")
        #expect(table.standardOutput.contains("Texts (640×360, safe area top 0 %, bottom 10 %, left 0 %, right 0 %):"), "\(table.standardOutput)")
        let line = try #require(table.standardOutput.split(separator: "\n").first { $0.hasPrefix("  2024-12-18  ") })
        #expect(line.contains(" at ") && line.contains(": moved up clear of the text \""), "\(line)")
        #expect(table.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  2024-12-") }.count == 1, "only the day whose texts moved")

        struct Texts: Decodable {
            struct Day: Decodable {
                struct Text: Decodable {
                    let item: String
                    let x, y, width, height: Int
                    let scale: Double
                    let why: String?
                    let placed: Bool
                }
                let date: String
                let texts: [Text]
            }
            struct Margins: Decodable { let bottom: Double }
            let width, height: Int
            let safeArea: Margins?
            let days: [Day]

            enum CodingKeys: String, CodingKey {
                case width, height, days
                case safeArea = "safe_area"
            }
        }
        struct Document: Decodable { let texts: [String: Texts] }
        let json = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(json.status == 0, "stderr: \(json.standardError)")
        let texts = try #require(try JSONDecoder().decode(Document.self, from: Data(json.standardOutput.utf8)).texts.values.first)
        #expect(texts.width == 640 && texts.height == 360 && texts.safeArea?.bottom == 0.1)
        let day = try #require(texts.days.first { $0.date == "2024-12-18" })
        #expect(Set(day.texts.map(\.item)) == ["the text \"Grandma's birthday\"", "the text \"Wed, Dec 18\""])
        let moved = try #require(day.texts.first { $0.why != nil }), kept = try #require(day.texts.first { $0.why == nil })
        #expect(moved.placed && moved.why == "moved up clear of \(kept.item)")
        #expect(moved.y + moved.height <= kept.y, "the text that moved sits above the other")
        #expect(kept.y + kept.height <= 324, "the texts keep out of the bottom 10 %")
        #expect(texts.days.filter { $0.date != "2024-12-18" }.allSatisfy { $0.texts.allSatisfy { $0.why == nil } })

        let plain = try DVPipeProcess.run(["plan", try await DemoLibrary.jobCopy(in: folder).path, "--json"])
        #expect(!plain.standardOutput.contains("\"texts\""), "a job without a safe area and without moved texts has no texts field")
    }

    @Test("--format markdown is a table of every day for a CI step summary, then the unreadable files and totals")
    func markdownForAStepSummary() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["plan", job.path, "--format", "markdown"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "### December 2024 (demo)")
        let rows = lines.filter { $0.hasPrefix("| ") }
        #expect(rows.count == 2 + 31, "header, rule, 31 days")
        #expect(rows.allSatisfy { $0.components(separatedBy: " | ").count == 7 }, "seven cells in every row")
        #expect(rows.contains("| 2024-12-08 | Sun | IMG_0006.MOV | video | pinned from 2024-12-06 | 0–3s | creation date |"), "\(rows)")
        #expect(lines.contains { $0.hasPrefix("- `IMG_0025.MOV` (day unknown): ") })
        #expect(lines.last { !$0.isEmpty }?.hasPrefix("Totals: 24 of 31 days with media") == true)
    }

    @Test("--shards N shows each share of the segments with its estimated time, every segment in one share")
    func shardsAreShown() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["plan", job.path, "--shards", "3"])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Shards (3, balanced by estimated cost; slowest ÷ mean ") })
        let shares = lines.filter { $0.hasPrefix("  1/3: ") || $0.hasPrefix("  2/3: ") || $0.hasPrefix("  3/3: ") }
        #expect(shares.count == 3, "\(lines)")
        let counts = shares.compactMap { Int($0.split(separator: " ")[1]) }
        #expect(counts.reduce(0, +) == 26, "the demo's 26 segments, each in one share: \(shares)")
    }

    @Test func aJobWithErrorsExitsWithStatus2BeforeScanning() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder) { $0.replacingOccurrences(of: "fps: 30", with: "fps: thirty") }
        let result = try DVPipeProcess.run(["plan", job.path])
        #expect(result.status == 2)
        #expect(result.standardError.contains("demo.yaml:"))
        #expect(result.standardError.contains(": error: "))
        #expect(!FileManager.default.fileExists(atPath: job.deletingLastPathComponent().appendingPathComponent(".dvpipe").path))
    }

    /// `last: month` is the last complete month before `--as-of`, and plan prints the range it resolved to.
    @Test(arguments: [
        ("2025-01-03", "timeframe: 2024-12-01 … 2024-12-31 (31 days)"),
        ("2024-03-01", "timeframe: 2024-02-01 … 2024-02-29 (29 days)")
    ])
    func lastMonthResolvesAgainstAsOfAndPrintsTheRange(asOf: String, range: String) async throws {
        let folder = try TemporaryFolder("example")
        let job = try await ExampleJobTests.exampleCopy("monthly-cron.yaml", in: folder)
        #expect(try String(contentsOf: job, encoding: .utf8).contains("last: month"))
        let result = try DVPipeProcess.run(["plan", job.path, "--as-of", asOf])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains(range), "stderr: \(result.standardError)")
    }

    @Test func aMalformedAsOfDateIsAUsageError() async throws {
        let folder = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: folder)
        let result = try DVPipeProcess.run(["plan", job.path, "--as-of", "yesterday"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--as-of takes a date as YYYY-MM-DD"))
    }
}

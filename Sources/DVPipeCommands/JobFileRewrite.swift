import ArgumentParser
import DVPlanning
import DVRender
import Foundation

/// Writes day changes into a job file for `apply`, `pin` and `skip`: the file checked as `dvpipe validate`
/// checks it before and after the edit, then replaced atomically with its permissions kept. On any problem
/// it prints each as `FILE:LINE:COL: error: …` and ends with exit status 2, the file untouched.
struct JobFileRewrite {
    /// The job file's path, as locations name it.
    let path: String
    /// The job as it is now, merged with its presets (for the days a preset sets).
    let merged: YAMLNode?
    /// The job as it is now.
    let job: Job
    let bytes: [UInt8]

    /// What `--confine` allows the job, before and after the edit.
    let confinement: ConfineFlags

    /// Reads and checks the job file under `confinement`; with any error, prints the problems and exits 2.
    init(path: String, confinement: ConfineFlags) throws {
        self.path = path
        self.confinement = confinement
        let loaded = confinement.load(path).checkingFiles()
        guard let job = loaded.job, let data = FileManager.default.contents(atPath: path) else {
            Self.fail(loaded.errors)
            throw ExitCode(2)
        }
        self.job = job
        merged = loaded.tree
        bytes = Array(data)
    }

    /// The job's days as of today in its library's zone; a change outside them is refused.
    var range: DayRange { job.resolvedTimeframe() }

    /// Makes `changes`, checks the result and writes it; prints one line per changed day.
    func write(_ changes: [CalendarDay: DayChange]) throws {
        let edited: [UInt8]
        do {
            edited = try JobFileEdit(bytes: bytes, file: path, merged: merged).applying(changes)
        } catch {
            Self.fail([error.diagnostic])
            throw ExitCode(2)
        }
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent()
        let result = confinement.load(bytes: edited, file: path, directory: folder.path).checkingFiles()
        guard result.job != nil else {
            printError("error: \(path) would not load after the change, so it is left as it was:")
            Self.fail(result.errors)
            throw ExitCode(2)
        }
        do {
            try Self.replace(path, with: edited)
        } catch {
            printError("error: cannot write \(path): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        for (day, change) in changes.sorted(by: { $0.key < $1.key }) {
            printOut("\(path): \(day): \(Self.describe(change))")
        }
    }

    /// Prints problems on standard error.
    static func fail(_ problems: [Diagnostic]) {
        for problem in problems {
            printError(problem.description)
        }
    }

    /// `pinned "IMG_0042.MOV" from 12.5s, not skipped`.
    static func describe(_ change: DayChange) -> String {
        var parts: [String] = []
        if let pin = change.pin {
            parts.append(
                "pinned \"\(pin.file.debugDescription.dropFirst().dropLast())\""
                    + (pin.start.map { " from " + DayChange.PinChoice.seconds($0) } ?? ""))
        }
        if let skip = change.skip {
            parts.append(skip ? "skipped" : "not skipped")
        }
        return parts.joined(separator: ", ")
    }

    /// Writes `bytes` to a temporary file beside `path` with `path`'s permissions, then renames it over `path`.
    static func replace(_ path: String, with bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        do {
            try Data(bytes).write(to: temporary)
            if let permissions = attributes[.posixPermissions] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// A date argument; a malformed one is a usage error.
    static func day(_ text: String) throws -> CalendarDay {
        guard let day = CalendarDay(text) else {
            throw ValidationError("'\(text)' is not a date like 2024-12-25")
        }
        return day
    }

    /// Refuses a day outside the job's timeframe, naming the job file.
    func check(_ day: CalendarDay) throws {
        guard range.contains(day) else {
            printError("\(path):1:1: error: \(day) is outside the job's timeframe \(range); the job file is left as it was")
            throw ExitCode(2)
        }
    }
}

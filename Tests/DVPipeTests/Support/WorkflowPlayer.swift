import DVPlanning
import DVRemote
import DVRender
import DVTestSupport
import Foundation

/// Plays a GitHub Actions workflow file on this machine as GitHub's hosted runners would: every job, and
/// every combination of its matrix, on a runner of its own (a fresh folder, the repository checked out
/// into it with new modification times); `run:` scripts taken from the YAML and run with bash as the
/// runner runs them (`-eo pipefail`, in the workspace, `GITHUB_*` files and variables set); and the
/// actions it uses played by copying folders: `actions/checkout`, `actions/cache` (restore by key, then
/// by each restore key's newest match; saved at the end of the job unless the key hit), and
/// `actions/upload-artifact` / `download-artifact` (by name or pattern, `merge-multiple`). A step whose
/// `if:` (an expression without `${{ }}`) comes out empty is skipped.
///
/// Expressions `${{ … }}` are read for the contexts the examples use: `matrix`, `strategy.job-total`,
/// `needs.<job>.outputs`, `steps.<id>.outputs`, `env`, `vars` (none are set), `secrets` and `inputs` (the
/// player's), `github.run_id`, `github.workspace`, `github.event_name`, `hashFiles('dir/**')`, quoted strings,
/// `==`, `&&` and `||`. Anything else is an error, so the example cannot use more than this player checks.
/// The runner's clock can be set (`clock`): scripts then run under Debian's faketime.
final class WorkflowPlayer {
    /// Why a workflow could not be played as written.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// What one job (one matrix combination) printed, and its step summary.
    struct JobLog {
        let job: String
        let matrix: [String: String]
        var output = ""
        var summary = ""
    }

    private let workflow: YAMLNode
    private let repository: URL
    private let scratch: URL
    private let tools: URL
    private var caches: [(key: String, folder: URL)] = []
    private(set) var artifacts: [String: URL] = [:]
    private(set) var logs: [JobLog] = []
    private var jobOutputs: [String: [String: String]] = [:]
    private var runNumber = 0
    /// The repository's secrets, the event that starts the runs (`push`, `pull_request`, `schedule`), a
    /// `workflow_dispatch`'s inputs, and the runners' clock (`2024-12-01 06:00:00`, UTC; nil: the real one).
    private let secrets: [String: String]
    private let event: String
    private let inputs: [String: String]
    private let clock: String?

    /// A player for the workflow in `file`, checking out `repository`, keeping runners, caches and
    /// artifacts under `scratch`, with the commands in `tools` (dvpipe's build folder) first on PATH.
    init(
        _ file: URL, repository: URL, scratch: URL, tools: URL, secrets: [String: String] = [:], event: String = "push",
        inputs: [String: String] = [:], clock: String? = nil
    ) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        let document = try YAMLParser().parse(text, file: file.lastPathComponent)
        guard let root = document.root, document.problems.isEmpty else {
            throw Failure(description: "\(file.path): \(document.problems)")
        }
        workflow = root
        self.repository = repository
        self.scratch = scratch
        self.tools = tools
        self.secrets = secrets
        self.event = event
        self.inputs = inputs
        self.clock = clock
    }

    /// Plays one run of the whole workflow: its jobs in the order their `needs` allow, each matrix
    /// combination after the other. Caches stay for the next run; artifacts, outputs and logs are the run's.
    func run() throws {
        runNumber += 1
        artifacts = [:]
        logs = []
        jobOutputs = [:]
        let jobs = try Self.entries(of: workflow["jobs"], "jobs")
        var done: Set<String> = []
        while done.count < jobs.count {
            guard
                let (name, job) = jobs.first(where: { name, job in
                    !done.contains(name) && Self.needs(of: job).allSatisfy(done.contains)
                })
            else {
                throw Failure(description: "jobs wait on each other or on a job that does not exist")
            }
            let combinations = try Self.matrix(of: job)
            for (index, matrix) in combinations.enumerated() {
                try play(job: name, job, matrix: matrix, total: combinations.count, runner: "\(name)-\(index + 1)")
            }
            done.insert(name)
        }
    }

    // MARK: One job on one runner

    private struct Context {
        var matrix: [String: String]
        var total: Int
        var environment: [String: String]
        var workspace: URL
        var steps: [String: [String: String]] = [:]
    }

    private func play(job name: String, _ job: YAMLNode, matrix: [String: String], total: Int, runner: String) throws {
        let folder = scratch.appendingPathComponent("run-\(runNumber)/\(runner)")
        let workspace = folder.appendingPathComponent("workspace")
        let home = folder.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let summary = folder.appendingPathComponent("step-summary.md")
        try Self.createEmpty(summary)
        var context = Context(matrix: matrix, total: total, environment: [:], workspace: workspace)
        context.environment = DVPipeProcess.environment([
            "PATH": tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "GITHUB_ACTIONS": "true", "CI": "true", "HOME": home.path,
            "GITHUB_WORKSPACE": workspace.path, "GITHUB_STEP_SUMMARY": summary.path,
            "RUNNER_TEMP": folder.appendingPathComponent("temp").path
        ])
        context.environment.removeValue(forKey: "DVPIPE_CACHE")
        for (key, value) in try Self.entries(of: workflow["env"], "env") + Self.entries(of: job["env"], "\(name).env") {
            context.environment[key] = try evaluate(try Self.text(value), context)
        }
        var log = JobLog(job: name, matrix: matrix)
        var cachesToSave: [(key: String, path: URL)] = []
        for step in try Self.items(of: job["steps"], "\(name).steps") {
            if let condition = step["if"]?.scalar, try value(of: condition, context).isEmpty {
                continue
            }
            if let action = step["uses"]?.scalar {
                let inputs = try Dictionary(
                    uniqueKeysWithValues: Self.entries(of: step["with"], "with").map { key, value in
                        (key, try evaluate(try Self.text(value), context))
                    })
                if let save = try use(action, inputs: inputs, workspace: workspace) {
                    cachesToSave.append(save)
                }
            } else if let script = step["run"]?.scalar {
                var environment = context.environment
                for (key, value) in try Self.entries(of: step["env"], "step env") {
                    environment[key] = try evaluate(try Self.text(value), context)
                }
                let outputs = try runScript(try evaluate(script, context), environment: environment, in: folder, log: &log)
                if let id = step["id"]?.scalar {
                    context.steps[id] = outputs
                }
            } else {
                throw Failure(description: "\(name): a step that neither uses an action nor runs a script")
            }
        }
        for (key, path) in cachesToSave where FileManager.default.fileExists(atPath: path.path) {
            let stored = scratch.appendingPathComponent("caches/\(caches.count)")
            try FileManager.default.createDirectory(at: stored.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: path, to: stored)
            caches.append((key, stored))
        }
        var outputs: [String: String] = [:]
        for (key, value) in try Self.entries(of: job["outputs"], "\(name).outputs") {
            outputs[key] = try evaluate(try Self.text(value), context)
        }
        jobOutputs[name] = outputs
        log.summary = (try? String(contentsOf: summary, encoding: .utf8)) ?? ""
        logs.append(log)
    }

    /// Plays the action `uses`; returns the cache to save at the job's end, for `actions/cache`.
    private func use(_ action: String, inputs: [String: String], workspace: URL) throws -> (key: String, path: URL)? {
        let name = action.split(separator: "@").first.map(String.init) ?? action
        switch name {
        case "actions/checkout":
            try DatedLibrary.copyWithNewTimes(repository, to: workspace)
        case "actions/cache":
            guard let path = inputs["path"], let key = inputs["key"] else { throw Failure(description: "actions/cache needs path and key") }
            let target = workspace.appendingPathComponent(path)
            let prefixes = (inputs["restore-keys"] ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            }
            if let exact = caches.last(where: { $0.key == key }) {
                try DatedLibrary.copyWithNewTimes(exact.folder, to: target)
                return nil
            }
            if let partial = prefixes.lazy.compactMap({ prefix in self.caches.last(where: { $0.key.hasPrefix(prefix) }) }).first {
                try DatedLibrary.copyWithNewTimes(partial.folder, to: target)
            }
            return (key, target)
        case "actions/upload-artifact":
            guard let artifact = inputs["name"], let path = inputs["path"] else { throw Failure(description: "upload-artifact needs name and path") }
            guard artifacts[artifact] == nil else { throw Failure(description: "artifact \(artifact) uploaded twice in one run") }
            let source = workspace.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: source.path) else { return nil }
            // A folder's files are the artifact's root, as the action uploads them; a file stays itself.
            let stored = scratch.appendingPathComponent("run-\(runNumber)/artifacts/\(artifact)")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue {
                try Self.copyContents(of: source, into: stored)
            } else {
                try FileManager.default.createDirectory(at: stored, withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: source, to: stored.appendingPathComponent(source.lastPathComponent))
            }
            artifacts[artifact] = stored
        case "actions/download-artifact":
            guard let path = inputs["path"] else { throw Failure(description: "download-artifact needs path") }
            let pattern = inputs["pattern"] ?? inputs["name"] ?? "*"
            let merge = inputs["merge-multiple"] == "true"
            for (artifact, stored) in artifacts.sorted(by: { $0.key < $1.key }) where fnmatch(pattern, artifact, 0) == 0 {
                let target = merge ? workspace.appendingPathComponent(path) : workspace.appendingPathComponent(path).appendingPathComponent(artifact)
                try Self.copyContents(of: stored, into: target)
            }
        default:
            throw Failure(description: "the player does not know the action \(action)")
        }
        return nil
    }

    /// Runs `script` as the runner runs a `run:` step; returns what it wrote to `GITHUB_OUTPUT`.
    private func runScript(_ script: String, environment: [String: String], in folder: URL, log: inout JobLog) throws -> [String: String] {
        let file = folder.appendingPathComponent("step.sh")
        let outputFile = folder.appendingPathComponent("step-output")
        try script.write(to: file, atomically: true, encoding: .utf8)
        try Self.createEmpty(outputFile)
        var environment = environment
        environment["GITHUB_OUTPUT"] = outputFile.path
        let bash = ["/bin/bash", "--noprofile", "--norc", "-eo", "pipefail", file.path]
        var command = bash
        if let clock {
            command = ["/usr/bin/faketime", clock] + bash
            environment["TZ"] = "UTC"
        }
        let (status, text) = try ReferenceCommand.printed(
            command[0], Array(command.dropFirst()), environment: environment,
            in: URL(fileURLWithPath: environment["GITHUB_WORKSPACE"]!)
        )
        log.output += text
        guard status == 0 else {
            throw Failure(description: "\(log.job) \(log.matrix): the step exited with \(status):\n\(script)\n\(text)")
        }
        var outputs: [String: String] = [:]
        for line in try String(contentsOf: outputFile, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            outputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return outputs
    }

    // MARK: Expressions

    private func evaluate(_ template: String, _ context: Context) throws -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.range(of: "${{") {
            guard let close = rest[open.upperBound...].range(of: "}}") else { throw Failure(description: "unclosed expression in \(template)") }
            result += rest[..<open.lowerBound]
            result += try value(of: String(rest[open.upperBound..<close.lowerBound]), context)
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `a || b`: the first alternative that is not empty; `c && d`: `d` when `c` is not empty, else empty;
    /// `x == 'y'`: `true` or empty.
    private func value(of expression: String, _ context: Context) throws -> String {
        for alternative in expression.components(separatedBy: "||") {
            var found = ""
            for condition in alternative.components(separatedBy: "&&") {
                let sides = try condition.components(separatedBy: "==").map { try term(String($0), context) }
                found = sides.count == 2 ? (sides[0] == sides[1] ? "true" : "") : sides[0]
                if found.isEmpty { break }
            }
            if !found.isEmpty { return found }
        }
        return ""
    }

    /// One operand: a quoted string, `hashFiles('dir/**')` or a context's value.
    private func term(_ text: String, _ context: Context) throws -> String {
        let term = text.trimmingCharacters(in: .whitespaces)
        if term.hasPrefix("'"), term.hasSuffix("'"), term.count >= 2 {
            return String(term.dropFirst().dropLast())
        }
        if term.hasPrefix("hashFiles('"), term.hasSuffix("')") {
            return try hashFiles(String(term.dropFirst("hashFiles('".count).dropLast(2)), in: context.workspace)
        }
        return try lookUp(term.split(separator: ".").map(String.init), context)
    }

    private func lookUp(_ path: [String], _ context: Context) throws -> String {
        switch (path.first, path.count) {
        case ("matrix", 2): return context.matrix[path[1]] ?? ""
        case ("strategy", 2) where path[1] == "job-total": return String(context.total)
        case ("env", 2): return context.environment[path[1]] ?? ""
        case ("vars", 2): return ""
        case ("secrets", 2): return secrets[path[1]] ?? ""
        case ("inputs", 2): return inputs[path[1]] ?? ""
        case ("github", 2) where path[1] == "event_name": return event
        case ("github", 2) where path[1] == "run_id": return String(runNumber)
        case ("github", 2) where path[1] == "workspace": return context.workspace.path
        case ("needs", 4) where path[2] == "outputs": return jobOutputs[path[1]]?[path[3]] ?? ""
        case ("steps", 4) where path[2] == "outputs": return context.steps[path[1]]?[path[3]] ?? ""
        default: throw Failure(description: "the player does not evaluate \(path.joined(separator: "."))")
        }
    }

    /// `hashFiles('dir/**')`: one digest of every file under `dir`, in path order, as GitHub's is of the
    /// files its pattern matches.
    private func hashFiles(_ pattern: String, in workspace: URL) throws -> String {
        guard pattern.hasSuffix("/**") else { throw Failure(description: "the player hashes only dir/** patterns, not \(pattern)") }
        let folder = workspace.appendingPathComponent(String(pattern.dropLast(3)))
        let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).sorted()
        var digests = ""
        for file in files {
            let url = folder.appendingPathComponent(file)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                digests += file + ":" + (try ContentHash.hex(ofFileAt: url.path)) + "\n"
            }
        }
        return ContentHash.hex(of: Data(digests.utf8))
    }

    // MARK: Reading the YAML

    private static func needs(of job: YAMLNode) -> [String] {
        if let one = job["needs"]?.scalar { return [one] }
        return job["needs"]?.items?.compactMap(\.scalar) ?? []
    }

    /// Every combination of the job's `strategy.matrix` (lists of scalars), the first key varying slowest.
    private static func matrix(of job: YAMLNode) throws -> [[String: String]] {
        var combinations: [[String: String]] = [[:]]
        for (key, values) in try entries(of: job["strategy"]?["matrix"], "matrix") {
            let scalars = try items(of: values, "matrix.\(key)").map { try text($0) }
            combinations = combinations.flatMap { combination in
                scalars.map { value in combination.merging([key: value]) { _, new in new } }
            }
        }
        return combinations
    }

    private static func entries(of node: YAMLNode?, _ what: String) throws -> [(String, YAMLNode)] {
        guard let node else { return [] }
        guard let entries = node.entries else { throw Failure(description: "\(what) is not a mapping") }
        return try entries.map { (try text($0.key), $0.value) }
    }

    private static func items(of node: YAMLNode?, _ what: String) throws -> [YAMLNode] {
        guard let items = node?.items else { throw Failure(description: "\(what) is not a list") }
        return items
    }

    private static func text(_ node: YAMLNode) throws -> String {
        guard let text = node.scalar else { throw Failure(description: "a scalar was expected at \(node.location)") }
        return text
    }

    private static func createEmpty(_ file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw Failure(description: "cannot create \(file.path)")
        }
    }

    private static func copyContents(of source: URL, into target: URL) throws {
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            let from = source.appendingPathComponent(name)
            let to = target.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: from.path, isDirectory: &isFolder), isFolder.boolValue {
                try copyContents(of: from, into: to)
            } else {
                try? FileManager.default.removeItem(at: to)
                try FileManager.default.copyItem(at: from, to: to)
            }
        }
    }
}

extension YAMLNode {
    /// The value of `key` in a mapping; nil for a missing key or another kind of node.
    subscript(key: String) -> YAMLNode? {
        entries?.first { $0.key.scalar == key }?.value
    }
}

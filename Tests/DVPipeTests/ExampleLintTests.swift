import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The files in `examples/` as their own tools read them: hadolint on the Dockerfile, Kubernetes' schemas
/// on the manifests, SchemaStore's GitHub Actions schema, shellcheck and actionlint on the workflow, and
/// the container's runtime packages against the libraries `dvpipe` links.
/// Each linter is also shown a broken copy, so a pass means it read the file.
@Suite(.tags(.endToEnd, .reference)) struct ExampleLintTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("examples")

    /// A linter from `.build-lint/venv` (`scripts/setup-example-linters.sh`), or a Debian command.
    static func tool(_ name: String) -> String? {
        [root.appendingPathComponent(".build-lint/venv/bin/\(name)").path, "/usr/bin/\(name)"]
            .first(where: FileManager.default.isExecutableFile(atPath:))
    }

    /// A copy of `file` with `change` applied, in `folder`.
    static func brokenCopy(of file: URL, in folder: TemporaryFolder, _ change: (String) -> String) throws -> URL {
        let text = try String(contentsOf: file, encoding: .utf8)
        let broken = change(text)
        #expect(broken != text, "the breaking change applies to \(file.lastPathComponent)")
        let copy = folder.url.appendingPathComponent(file.lastPathComponent)
        try broken.write(to: copy, atomically: true, encoding: .utf8)
        return copy
    }

    @Test("hadolint passes the Dockerfile, and fails a copy whose base image has no tag")
    func dockerfilePassesHadolint() throws {
        let hadolint = try #require(Self.tool("hadolint"), "make test installs hadolint (scripts/setup-example-linters.sh)")
        let dockerfile = Self.examples.appendingPathComponent("container/Dockerfile")
        let passed = try ReferenceCommand.printed(hadolint, [dockerfile.path])
        #expect(passed.status == 0, "\(passed.printed)")
        let folder = try TemporaryFolder("hadolint")
        let broken = try Self.brokenCopy(of: dockerfile, in: folder) { $0.replacingOccurrences(of: "FROM debian:bookworm-slim", with: "FROM debian") }
        let failed = try ReferenceCommand.printed(hadolint, [broken.path])
        #expect(failed.status != 0 && failed.printed.contains("DL3006"), "\(failed.printed)")
    }

    @Test("the container's runtime stage installs a package for every library dvpipe links, and the default font")
    func containerHasDVPipesLibraries() throws {
        let dockerfile = try String(contentsOf: Self.examples.appendingPathComponent("container/Dockerfile"), encoding: .utf8)
        let runtime = try #require(dockerfile.components(separatedBy: "FROM debian:bookworm-slim").last)
        let installed = Set(runtime.split(whereSeparator: { $0.isWhitespace || $0 == "\\" }).map(String.init))
        // bookworm-slim's own essentials, which every Debian image has.
        let base: Set<String> = ["libc6", "libgcc-s1", "libstdc++6"]
        let elf = try ReferenceCommand.printed("/usr/bin/readelf", ["-d", try DVPipeProcess.executable.path])
        #expect(elf.status == 0, "\(elf.printed)")
        let needed = elf.printed.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
        // The Swift runtime and Foundation are linked into the image's binary (--static-swift-stdlib).
        let system = needed.filter {
            !$0.hasPrefix("libswift") && !$0.hasPrefix("libFoundation") && !$0.hasPrefix("libdispatch") && !$0.hasPrefix("libBlocksRuntime")
                && !$0.hasPrefix("libXCTest")
        }
        #expect(system.contains("libavcodec.so.59") && system.contains("libyaml-0.so.2"), "\(needed)")
        for library in system {
            let owner = try ReferenceCommand.printed("/usr/bin/dpkg", ["-S", "*/\(library)"])
            #expect(owner.status == 0, "no Debian package holds \(library): \(owner.printed)")
            let packages = Set(owner.printed.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
            #expect(
                !packages.isDisjoint(with: installed.union(base)),
                "\(library) comes from \(packages.sorted()), which the runtime stage does not install")
        }
        #expect(installed.contains("fonts-dejavu-core"), "the default font (DejaVu Sans)")
    }

    @Test(
        "the Kubernetes manifests, the segment-store variant's and the monthly CronJob too, pass Kubernetes' schemas, strictly; a misspelt field fails"
    )
    func manifestsPassKubernetesValidate() throws {
        let validate = try #require(Self.tool("kubernetes-validate"), "make test installs kubernetes-validate")
        let folder = Self.examples.appendingPathComponent("kubernetes")
        let manifests = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(manifests == ["assemble-job.yaml", "render-job.yaml", "storage.yaml"])
        let store = ["assemble-job.yaml", "render-job.yaml", "segment-store.yaml"].map { "store/\($0)" }
        let passed = try ReferenceCommand.printed(
            validate, ["--strict"] + (manifests + store + ["monthly/cronjob.yaml"]).map { folder.appendingPathComponent($0).path })
        #expect(passed.status == 0, "\(passed.printed)")
        let scratch = try TemporaryFolder("kubernetes-validate")
        let broken = try Self.brokenCopy(of: folder.appendingPathComponent("render-job.yaml"), in: scratch) {
            $0.replacingOccurrences(of: "parallelism:", with: "paralelism:")
        }
        let failed = try ReferenceCommand.printed(validate, ["--strict", broken.path])
        #expect(failed.status != 0 && failed.printed.contains("paralelism"), "\(failed.printed)")
    }

    @Test("the workflows pass SchemaStore's GitHub Actions schema; a job without runs-on fails it")
    func workflowPassesTheActionsSchema() throws {
        let checker = try #require(Self.tool("check-jsonschema"), "make test installs check-jsonschema")
        let workflow = Self.examples.appendingPathComponent("github-actions/reel.yml")
        let monthly = Self.examples.appendingPathComponent("github-actions/monthly.yml")
        let server = Self.examples.appendingPathComponent("github-actions/server-library.yml")
        let passed = try ReferenceCommand.printed(
            checker, ["--builtin-schema", "vendor.github-workflows", workflow.path, monthly.path, server.path])
        #expect(passed.status == 0, "\(passed.printed)")
        let folder = try TemporaryFolder("workflow-schema")
        let broken = try Self.brokenCopy(of: workflow, in: folder) { $0.replacingOccurrences(of: "runs-on:", with: "run-on:") }
        let failed = try ReferenceCommand.printed(checker, ["--builtin-schema", "vendor.github-workflows", broken.path])
        #expect(failed.status != 0, "\(failed.printed)")
    }

    @Test("shellcheck passes every run: script of the workflows and the Slurm scripts; an unquoted variable fails")
    func scriptsPassShellcheck() throws {
        let shellcheck = try #require(Self.tool("shellcheck"), "make test installs Debian's shellcheck")
        var scripts: [String] = []
        for name in ["reel.yml", "monthly.yml", "server-library.yml"] {
            let text = try String(contentsOf: Self.examples.appendingPathComponent("github-actions/\(name)"), encoding: .utf8)
            let workflow = try #require(try YAMLParser().parse(text, file: name).root)
            scripts += (workflow["jobs"]?.entries ?? []).flatMap { job in (job.value["steps"]?.items ?? []).compactMap { $0["run"]?.scalar } }
        }
        #expect(scripts.count >= 7)
        let folder = try TemporaryFolder("shellcheck")
        var files: [String] = []
        for (index, script) in scripts.enumerated() {
            let file = folder.url.appendingPathComponent("run-\(index).sh")
            try ("#!/bin/bash\nset -eo pipefail\n" + script).write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let slurm = Self.examples.appendingPathComponent("slurm")
        files += try FileManager.default.contentsOfDirectory(atPath: slurm.path).filter { $0.hasSuffix(".sh") || $0.hasSuffix(".sbatch") }
            .map { slurm.appendingPathComponent($0).path }
        let passed = try ReferenceCommand.printed(shellcheck, ["--shell=bash"] + files)
        #expect(passed.status == 0, "\(passed.printed)")
        let broken = folder.url.appendingPathComponent("broken.sh")
        try "#!/bin/bash\ndvpipe render $JOB\n".write(to: broken, atomically: true, encoding: .utf8)
        let failed = try ReferenceCommand.printed(shellcheck, [broken.path])
        #expect(failed.status != 0 && failed.printed.contains("SC2086"), "\(failed.printed)")
    }

    @Test("actionlint passes the workflows, and fails a copy whose job needs one that is not there")
    func workflowPassesActionlint() throws {
        let actionlint = try #require(Self.tool("actionlint"), "scripts/setup-example-linters.sh installs actionlint")
        let workflow = Self.examples.appendingPathComponent("github-actions/reel.yml")
        let passed = try ReferenceCommand.printed(
            actionlint,
            [workflow.path] + ["monthly.yml", "server-library.yml"].map { Self.examples.appendingPathComponent("github-actions/\($0)").path })
        #expect(passed.status == 0, "\(passed.printed)")
        let folder = try TemporaryFolder("actionlint")
        let broken = try Self.brokenCopy(of: workflow, in: folder) {
            $0.replacingOccurrences(of: "needs: check", with: "needs: [no-such-job, check]")
        }
        let failed = try ReferenceCommand.printed(actionlint, [broken.path])
        #expect(failed.status != 0 && failed.printed.contains("no-such-job"), "\(failed.printed)")
    }
}

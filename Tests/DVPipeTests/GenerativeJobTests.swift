import DVTestBasics
import DVTestSupport
import Foundation
import Synchronization
import Testing

/// Random jobs over generated clips, each rendered as a user would: every plan the job format allows must
/// render and assemble, its reels decode without a message and with the frames the plan promises, no
/// message names a file twice, and rendering again from nothing gives the same bytes. A failing job is
/// shrunk, one feature at a time, to the smallest job that still fails, and printed.
///
/// `DVPIPE_GENERATIVE_JOBS` jobs are tried (12 in `make test`; `make test-generative` tries 2,000), drawn
/// from `DVPIPE_GENERATIVE_SEED` (default 1), two at a time; a failure is printed as soon as it is found.
@Suite(.tags(.endToEnd, .reference))
struct GenerativeJobTests {
    static let count = Int(ProcessInfo.processInfo.environment["DVPIPE_GENERATIVE_JOBS"] ?? "") ?? 12
    /// Whether a failing job is shrunk before it is reported (`DVPIPE_GENERATIVE_SHRINK=0`: reported as drawn).
    static let shrink = ProcessInfo.processInfo.environment["DVPIPE_GENERATIVE_SHRINK"] != "0"

    /// The job of number `index` in this run.
    static func job(_ index: Int) -> GeneratedJob {
        var generator = SplitMix64(seed: GeneratedPool.seed &* 7_919 &+ UInt64(index))
        return GeneratedJob(&generator, poolSize: GeneratedPool.size)
    }

    @Test("random jobs over generated clips render, decode cleanly with their planned frames, and render again to the same bytes")
    func randomJobsRender() throws {
        let pool = try GeneratedPool.folder.get()
        let next = Atomic(0)
        let failures = Mutex<[(index: Int, job: GeneratedJob, reason: String)]>([])
        let started = Date()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            while case let index = next.add(1, ordering: .relaxed).oldValue, index < Self.count {
                let job = Self.job(index)
                guard let reason = Self.failure(of: job, pool: pool) else { continue }
                print("generative job \(index) (seed \(GeneratedPool.seed)) fails: \(reason)\n\(job)shrinking it…")
                let (small, smallReason) = Self.shrink ? Self.shrunk(job, reason: reason, pool: pool) : (job, reason)
                failures.withLock { $0.append((index, small, smallReason)) }
            }
        }
        let found = failures.withLock { $0 }.sorted { $0.index < $1.index }
        print(
            "generative jobs: \(Self.count) tried (seed \(GeneratedPool.seed)), \(found.count) failed, in \(Int(Date().timeIntervalSince(started))) s"
        )
        for failure in found {
            Issue.record("job \(failure.index) (seed \(GeneratedPool.seed)) fails: \(failure.reason)\nshrunk to:\n\(failure.job)")
        }
    }

    /// `job` and why it fails, made as small as it goes while it still fails (each smaller job tried in turn,
    /// the first that fails kept, until none does).
    static func shrunk(_ job: GeneratedJob, reason: String, pool: TemporaryFolder) -> (GeneratedJob, String) {
        var (current, why) = (job, reason)
        var steps = 0
        while steps < 40,
            let smaller = current.smaller.lazy.compactMap({ candidate in failure(of: candidate, pool: pool).map { (candidate, $0) } }).first
        {
            (current, why) = smaller
            steps += 1
        }
        return (current, why)
    }

    /// Why `job` fails, or nil when it renders as it must.
    static func failure(of job: GeneratedJob, pool: TemporaryFolder) -> String? {
        do {
            let scratch = try TemporaryFolder("generated-job")
            let media = try scratch.subfolder("media")
            for index in job.clips {
                let name = GeneratedPool.clip(index).sample.fileName
                try FileManager.default.copyItem(at: pool.url.appendingPathComponent(name), to: media.appendingPathComponent(name))
            }
            if job.broken {
                let source = CorpusMatrixTests.corpus.appendingPathComponent("edges/\(GeneratedPool.brokenFile)")
                try FileManager.default.copyItem(at: source, to: media.appendingPathComponent(GeneratedPool.brokenFile))
            }
            let file = scratch.url.appendingPathComponent("job.yaml")
            try job.yaml.write(to: file, atomically: true, encoding: .utf8)
            let steps: [[String]] =
                job.sharded
                ? [["render", file.path, "--shard", "1/2"], ["render", file.path, "--shard", "2/2"], ["assemble", file.path]]
                : [["run", file.path]]
            for step in steps {
                if let problem = try run(step) { return problem }
            }
            let plan = try DVPipeProcess.run(["plan", file.path, "--json"])
            guard plan.status == 0 else { return "plan after the render: \(plan.standardError)" }
            guard let document = try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any],
                let frames = (document["timeline"] as? [String: Any])?["frame_count"] as? Int
            else { return "plan --json has no timeline frame_count" }
            let reels = job.outputs.indices.map { scratch.url.appendingPathComponent("out/o\($0).mp4") }
            var first: [Data] = []
            for reel in reels {
                guard let bytes = FileManager.default.contents(atPath: reel.path) else { return "\(reel.lastPathComponent) was not written" }
                first.append(bytes)
                let decoded = try ReferenceCommand.printed((try ReferenceCommand.requiredFFmpeg), ["-v", "error", "-i", reel.path, "-f", "null", "-"])
                guard decoded.status == 0, decoded.printed.isEmpty else { return "ffmpeg decoding \(reel.lastPathComponent): \(decoded.printed)" }
                let counted = try ReferenceCommand.output(
                    (try ReferenceCommand.requiredFFprobe),
                    [
                        "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0",
                        reel.path
                    ])
                let count = Int(String(decoding: counted, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
                guard count == frames else { return "\(reel.lastPathComponent) has \(count.map(String.init) ?? "no") frames, the plan \(frames)" }
            }
            if let problem = try run(["run", file.path, "--fresh"]) { return "rendering again: \(problem)" }
            for (reel, bytes) in zip(reels, first) where FileManager.default.contents(atPath: reel.path) != bytes {
                return "\(reel.lastPathComponent) differs when rendered again from nothing"
            }
            return nil
        } catch {
            return "the test could not run the job: \(error)"
        }
    }

    /// What is wrong with running `dvpipe` with `arguments`: a failure, or a message naming a file twice; nil when neither.
    private static func run(_ arguments: [String]) throws -> String? {
        let result = try DVPipeProcess.run(arguments + ["--progress", "none"])
        guard result.status == 0 else { return "dvpipe \(arguments[0]) exited \(result.status): \(result.standardError)" }
        if let repeated = MessageFiles.repeated(in: result.standardOutput + "\n" + result.standardError).first {
            return "dvpipe \(arguments[0]) names \(repeated.names) twice: \(repeated.line)"
        }
        return nil
    }
}

import DVTestBasics
import DVTestSupport
import Foundation

/// The review page in Debian's headless chromium, driven by `Support/review_browser.py` in `.build-review/venv`
/// (scripts/setup-review-browser.sh), which prints what it saw as JSON.
enum ReviewBrowser {
    /// The source root, where the venv and the screenshots' folder are.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The venv's Python, nil when `scripts/setup-review-browser.sh` has not made it.
    static let python: String? = {
        let python = root.appendingPathComponent(".build-review/venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }()

    /// Whether chromium, chromium-driver and the venv are all there.
    static var available: Bool {
        python != nil && ["/usr/bin/chromium", "/usr/bin/chromedriver"].allSatisfy(FileManager.default.isExecutableFile(atPath:))
    }

    /// Whether the tests run in CI, where a missing browser fails instead of skipping.
    static var inCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Where the screenshots are kept, as artifacts of the run.
    static let screenshots = root.appendingPathComponent(".build/review-screenshots")

    /// The browser or its script could not run, or printed something else than a JSON object.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `review_browser.py` with `arguments` and returns the JSON object it prints.
    static func run(_ arguments: [String]) throws -> [String: Any] {
        guard let python, available else {
            throw Failure(
                description: "needs Debian's chromium and chromium-driver and .build-review/venv, which make test installs")
        }
        let script = root.appendingPathComponent("Tests/DVPipeTests/Support/review_browser.py").path
        let output = try ReferenceCommand.output(python, [script] + arguments)
        guard let object = try JSONSerialization.jsonObject(with: output) as? [String: Any] else {
            throw Failure(description: "review_browser.py \(arguments.first ?? ""): printed no JSON object")
        }
        return object
    }

    /// Clicks `actions` (`{date, action, file, steps}`) on the page in `page` and returns what the page offers:
    /// `#changes`, the content of `#download`'s link, its file name and the console's errors.
    static func change(_ page: URL, _ actions: [[String: Any]]) throws -> [String: Any] {
        let folder = try TemporaryFolder("review-actions")
        let file = folder.url.appendingPathComponent("actions.json")
        try JSONSerialization.data(withJSONObject: actions).write(to: file)
        return try run(["change", page.path, file.path])
    }
}

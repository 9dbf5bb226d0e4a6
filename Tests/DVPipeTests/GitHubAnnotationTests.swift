import DVTestBasics
import Foundation
import Testing

@testable import DVPipeCommands

/// GitHub's workflow-command escaping, which keeps a message or a path from ending the command early.
struct GitHubAnnotationTests {
    @Test("percent, CR and LF are escaped everywhere; colons and commas in a property's value")
    func escaping() {
        #expect(
            GitHubAnnotation.command("error", file: "jobs/a,b:c.yaml", line: 3, column: 7, "50% done\r\nnext: line")
                == "::error file=jobs/a%2Cb%3Ac.yaml,line=3,col=7::50%25 done%0D%0Anext: line")
        #expect(GitHubAnnotation.command("warning", "no place") == "::warning::no place")
    }

    @Test("no line of plain text can start a workflow command: :: at a line's start, after blanks, is written %3A:")
    func plainText() {
        #expect(
            GitHubAnnotation.plain("warning: clip a\n::add-mask::x\r  ::set-output name=y::z")
                == "warning: clip a\n%3A:add-mask::x\r  %3A:set-output name=y::z")
        #expect(GitHubAnnotation.plain("a :: b\nc::d") == "a :: b\nc::d", "only at a line's start")
        #expect(GitHubAnnotation.plain("::error::x") == "%3A:error::x")
    }

    @Test("inside GitHub Actions, a clip whose name holds a line break and a command is named in plan's warnings with no command printed")
    func planPrintsNoInjectedCommand() throws {
        let folder = try TemporaryFolder("github-inject")
        let media = try folder.subfolder("media")
        try Data("not a movie".utf8).write(to: media.appendingPathComponent("VID_20241203_101010\n::error::injected.mp4"))
        try Data("version: 1\nlibrary: { paths: [media] }\ntimeframe: { month: 2024-12 }\noutput: { path: reel.mp4 }\n".utf8)
            .write(to: folder.url.appendingPathComponent("job.yaml"))
        let result = try DVPipeProcess.run(["plan", folder.url.appendingPathComponent("job.yaml").path], environment: ["GITHUB_ACTIONS": "true"])
        let lines = (result.standardOutput + result.standardError).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        #expect(lines.contains { $0.hasPrefix("%3A:error::injected.mp4") }, "the file is named, neutralised: \(result.standardError)")
        #expect(!lines.contains { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::") }, "\(lines)")
    }
}

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
}

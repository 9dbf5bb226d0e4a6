import DVPlanning
import Testing

@Suite("Glob patterns")
struct GlobPatternTests {
    @Test(arguments: [
        ("**/Screen Recording*", "Screen Recording 2024.mov", true),
        ("**/Screen Recording*", "a/b/Screen Recording.mov", true),
        ("**/Screen Recording*", "a/Screen/Recording.mov", false),
        ("*.mov", "IMG_0001.mov", true),
        ("*.mov", "dir/IMG_0001.mov", false),
        ("IMG_000?.MOV", "IMG_0001.MOV", true),
        ("IMG_000?.MOV", "IMG_00012.MOV", false),
        ("?", "/", false),
        ("trips/**", "trips/a/b.mov", true),
        ("trips/**", "other/a.mov", false),
        ("a/**/b.mov", "a/b.mov", true),
        ("a/**/b.mov", "a/x/y/b.mov", true),
        ("a/**/b.mov", "ab.mov", false),
        ("**", "anything/at/all", true),
        ("exact.mov", "exact.mov", true),
        ("exact.mov", "exact.mp4", false)
    ])
    func matching(pattern: String, path: String, matches: Bool) {
        #expect(GlobPattern(pattern).matches(path) == matches)
    }

    @Test func pathologicalPatternsStayFast() {
        let pattern = GlobPattern(String(repeating: "*a", count: 30) + "b")
        let path = String(repeating: "a", count: 200)
        #expect(!pattern.matches(path))
    }

    @Test func libraryExcludeUsesThePatterns() {
        let library = Job.Library(paths: ["/m"], exclude: [GlobPattern("**/Screen Recording*"), GlobPattern("*.tmp")])
        #expect(library.isExcluded("x/Screen Recording 1.mov"))
        #expect(library.isExcluded("a.tmp"))
        #expect(!library.isExcluded("IMG_0001.MOV"))
    }
}

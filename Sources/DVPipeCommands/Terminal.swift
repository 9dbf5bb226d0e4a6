import Foundation

/// Writes one line to standard error; inside GitHub Actions, no line of it can be a workflow command
/// (`GitHubAnnotation.plain`).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((GitHubAnnotation.neutralized(line) + "\n").utf8))
}

/// Writes `text` to standard output as `print` does; inside GitHub Actions, no line of it can be a workflow
/// command (a file name with a line break in it, say, could otherwise start one).
func printOut(_ text: String, terminator: String = "\n") {
    Swift.print(GitHubAnnotation.neutralized(text), terminator: terminator)
}

/// Writes a workflow command that dvpipe means (`GitHubAnnotation.command`) to standard output, as it is.
func printCommand(_ command: String) {
    Swift.print(command)
}

/// The width of the terminal on standard output, or nil when it is not a terminal.
func terminalColumns() -> Int? {
    var size = winsize()
    guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
        return nil
    }
    return Int(size.ws_col)
}

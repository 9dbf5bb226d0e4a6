import Foundation

/// Writes one line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// The width of the terminal on standard output, or nil when it is not a terminal.
func terminalColumns() -> Int? {
    var size = winsize()
    guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
        return nil
    }
    return Int(size.ws_col)
}

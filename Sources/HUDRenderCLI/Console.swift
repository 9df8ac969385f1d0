// Console: the only place that writes to the terminal.
//
// Design note: stdout carries results a script may parse (bench lines, diff reports, help);
// stderr carries errors and the progress bar. Writes go straight to the file descriptors, unbuffered
// by stdio, so that output from worker threads and the signal path never interleaves half-lines.

#if canImport(Glibc)
import Glibc
private let writeToDescriptor = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let writeToDescriptor = Darwin.write
#endif

enum Console {
    static func out(_ text: String, terminator: String = "\n") { write(1, text + terminator) }
    static func err(_ text: String, terminator: String = "\n") { write(2, text + terminator) }

    /// `hudrender: error: <message>` on stderr.
    static func error(_ message: String) { err("hudrender: error: \(message)") }

    /// Whether stderr is an interactive terminal (the only case where a progress bar is drawn).
    static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Terminal width for the progress bar, 80 when unknown.
    static var terminalWidth: Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 20 { return Int(size.ws_col) }
        return 80
    }

    static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { buf in
                writeToDescriptor(fd, buf.baseAddress! + offset, buf.count - offset)
            }
            if n <= 0 { if errno == EINTR { continue }; return }
            offset += n
        }
    }
}

// HudrenderProcess: runs the built `hudrender` binary the way a user does, for end-to-end tests.
//
// Design note: as in swift-argument-parser's own tests, the executable is exercised from outside
// (argv in; stdout, stderr, exit status and files out), so the tests check what users see. The
// binary sits next to the test bundle in .build/<config>/ (HUDRENDER_BIN overrides). Every run has
// a timeout so a hang fails the test instead of stalling CI.

import Foundation
import XCTest

struct HudrenderResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Hudrender {
    /// The path of the `hudrender` executable under test.
    static var executable: String {
        if let env = ProcessInfo.processInfo.environment["HUDRENDER_BIN"] { return env }
        // CommandLine.arguments[0] is the xctest bundle (an executable on Linux) in .build/<config>/.
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            dir = bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        return dir.appendingPathComponent("hudrender").path
    }

    /// Runs hudrender with `arguments` in `directory`; fails the test on timeout.
    @discardableResult
    static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                    input: String? = nil, timeout: TimeInterval = 120,
                    file: StaticString = #filePath, line: UInt = #line) throws -> HudrenderResult {
        let process = try start(arguments, in: directory, environment: environment, input: input)
        return try finish(process, timeout: timeout, file: file, line: line)
    }

    struct Running {
        let process: Process
        let out: Pipe
        let err: Pipe
        let outData: DataBox
        let errData: DataBox
    }

    final class DataBox: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
        var value: Data { lock.lock(); defer { lock.unlock() }; return data }
    }

    static func start(_ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
                      input: String? = nil) throws -> Running {
        let path = executable
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("hudrender binary not found at \(path); build the package (swift build) first")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        let stdin = Pipe()
        p.standardInput = input == nil ? FileHandle.nullDevice : stdin
        let outData = DataBox(), errData = DataBox()
        out.fileHandleForReading.readabilityHandler = { h in outData.append(h.availableData) }
        err.fileHandleForReading.readabilityHandler = { h in errData.append(h.availableData) }
        try p.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        return Running(process: p, out: out, err: err, outData: outData, errData: errData)
    }

    static func finish(_ r: Running, timeout: TimeInterval = 120, file: StaticString = #filePath, line: UInt = #line) throws -> HudrenderResult {
        let deadline = Date().addingTimeInterval(timeout)
        while r.process.isRunning && Date() < deadline { usleep(5_000) }
        if r.process.isRunning {
            r.process.terminate()
            r.process.waitUntilExit()
            XCTFail("hudrender timed out after \(timeout) s", file: file, line: line)
        }
        r.process.waitUntilExit()
        r.out.fileHandleForReading.readabilityHandler = nil
        r.err.fileHandleForReading.readabilityHandler = nil
        let restOut = r.out.fileHandleForReading.readDataToEndOfFile()
        let restErr = r.err.fileHandleForReading.readDataToEndOfFile()
        r.outData.append(restOut)
        r.errData.append(restErr)
        return HudrenderResult(status: r.process.terminationStatus,
                               stdout: String(decoding: r.outData.value, as: UTF8.self),
                               stderr: String(decoding: r.errData.value, as: UTF8.self))
    }
}

/// A fresh temporary folder per test, removed afterwards.
class HudrenderTestCase: XCTestCase {
    var dir: String = ""

    /// Options that keep renders small and fast on a 2-core CI machine.
    let small = ["--size", "80x80", "--scale", "1", "--fps", "5", "--quiet"]

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "hudrender-e2e-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: dir)
    }

    func path(_ name: String) -> String { dir + "/" + name }

    func bytes(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
    }

    func write(_ text: String, to name: String) throws {
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
    }

    /// Files in the test folder (to check that no temporary file is left behind).
    func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted()
    }

    func assertSuccess(_ r: HudrenderResult, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, 0, "stderr: \(r.stderr)", file: file, line: line)
        XCTAssertEqual(r.stderr, "", "nothing but errors on stderr", file: file, line: line)
    }

    func assertUsageError(_ r: HudrenderResult, contains fragments: [String], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(r.status, 2, "stderr: \(r.stderr)", file: file, line: line)
        XCTAssertTrue(r.stderr.hasPrefix("hudrender: error: "), r.stderr, file: file, line: line)
        for f in fragments { XCTAssertTrue(r.stderr.contains(f), "expected \"\(f)\" in: \(r.stderr)", file: file, line: line) }
    }
}

// FuzzStoryboard: the strict JSON reader and storyboard validation for every component, then the
// job the storyboard describes (options merged, scene built, frame plan and limits checked), all
// without rendering a frame or writing a file (`CommandLineTool.checkStoryboard`).
// Runs when FuzzCLI is called as FuzzStoryboard (see FuzzCLI.swift).
//
// Design note: every component validates the same bytes, so one input exercises each component's
// keys; storyboards whose options name files outside the working folder are refused, not read
// (`"font": "/dev/stdin"` would block the fuzzer).
import HUDRenderCLI

enum FuzzStoryboard {
    static func run(_ bytes: [UInt8]) {
        for component in CommandLineTool.componentNames {
            do {
                try CommandLineTool.checkStoryboard(bytes, file: "fuzz.json", component: component, confined: true)
            } catch {
                _ = String(describing: error)
            }
        }
    }
}

// FramePipeline: renders frames on all cores and hands them to the encoder strictly in order.
//
// Design note: frames are independent given t, so `jobs` worker threads claim frame indices from
// a shared counter while the calling thread consumes them in index order and encodes. A worker
// may run at most `window` (2 x jobs) frames ahead of the consumer, which bounds memory to a few
// frames whatever the animation's length, and keeps rendering overlapped with encoding. Because
// every frame is a pure function of its index and the consumer sees them in index order, the
// output is byte-identical for any number of jobs. A frame is whatever the workers produce: an
// image for the streaming encoders, or already-encoded PNG bytes for a folder of frames, so that
// per-frame compression also runs on all cores.

import HUDRaster

final class FramePipeline<Frame>: @unchecked Sendable {
    typealias Renderer = @Sendable (Int) throws -> Frame

    private let count: Int
    private let jobs: Int
    private let window: Int
    private let render: Renderer
    private let condition = ThreadCondition()
    private var nextToRender = 0
    private var nextToConsume = 0
    private var results: [Int: Result<Frame, Error>] = [:]
    private var stopped = false
    private var runningWorkers = 0

    /// Frames `0..<count`, rendered by `render` on `jobs` threads.
    init(count: Int, jobs: Int, render: @escaping Renderer) {
        self.count = count
        self.jobs = max(1, min(jobs, max(count, 1)))
        self.window = 2 * self.jobs
        self.render = render
    }

    /// Runs the pipeline, calling `consume` on the calling thread for each frame in order.
    /// The first error (from a render, from `consume`, or a cancellation) stops all workers and is rethrown.
    func run(_ consume: (Int, Frame) throws -> Void) throws {
        guard count > 0 else { return }
        runningWorkers = jobs
        for _ in 0..<jobs {
            WorkerThread.start(stackSize: 4 << 20) { [self] in work() }
        }
        defer { stopAndJoin() }
        for index in 0..<count {
            let result = try waitFor(index)
            switch result {
            case .success(let image): try consume(index, image)
            case .failure(let error): throw error
            }
        }
    }

    private func waitFor(_ index: Int) throws -> Result<Frame, Error> {
        condition.lock()
        defer { condition.unlock() }
        while results[index] == nil {
            if Cancellation.shared.isCancelled { break }
            condition.wait(seconds: 0.05)
        }
        try Cancellation.shared.check()
        let r = results.removeValue(forKey: index)!
        nextToConsume = index + 1
        condition.broadcast()
        return r
    }

    private func work() {
        while true {
            condition.lock()
            while !stopped && nextToRender < count && nextToRender >= nextToConsume + window {
                condition.wait()
            }
            if stopped || nextToRender >= count || Cancellation.shared.isCancelled {
                runningWorkers -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let index = nextToRender
            nextToRender += 1
            condition.unlock()

            let result: Result<Frame, Error> = Result { try render(index) }

            condition.lock()
            results[index] = result
            if case .failure = result { stopped = true }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func stopAndJoin() {
        condition.lock()
        stopped = true
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        results.removeAll()
        condition.unlock()
    }
}

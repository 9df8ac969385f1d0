// GIF.StatisticsQueue: gathers the palette's colour statistics (and GIF.ColorUse) on a thread of
// its own while frames are still being rendered and appended.
//
// Design note: the streaming encoder's first pass (flatten, spool, count colours) runs on the
// thread that appends, one frame after another, while other threads render the next frames. The
// colour counting is the larger part of that pass; done here, it overlaps the flattening and
// spooling of the next frame, so the appending thread keeps pace with rendering. Frames are counted
// strictly in the order they are added, by one `ColorStatistics`, so the palette (and the output)
// is the same whatever the thread timing. At most `depth` frames wait, so memory stays at a few
// frames whatever the animation's length.
import Dispatch

extension GIF {
    final class StatisticsQueue: @unchecked Sendable {
        /// Built on the queue: its histogram is large, and clearing it there overlaps the first
        /// frames' rendering instead of delaying it.
        private var stats: ColorStatistics?
        private var use = ColorUse()
        private let queue = DispatchQueue(label: "hudrender.gif.statistics")
        private let free: DispatchSemaphore

        /// Empty statistics (see `ColorStatistics.init(exactLimit:)`).
        init(exactLimit: Int, depth: Int = 3) {
            free = DispatchSemaphore(value: depth)
            queue.async { [self] in stats = ColorStatistics(exactLimit: exactLimit) }
        }

        /// Counts `frame`, shown from `time`, after every frame added before it (`changed`: see
        /// `ColorStatistics.add(_:at:changed:)`). Waits while `depth` frames are pending.
        func add(_ frame: [UInt32], at time: Double, changed: Range<Int>? = nil) {
            free.wait()
            queue.async { [self] in
                stats!.add(frame, at: time, changed: changed)
                use.add(frame)
                free.signal()
            }
        }

        /// Waits for every added frame, then closes the statistics at `time` (the end of the
        /// animation) and returns them, with the colours each frame draws (for the palette's order).
        func close(at time: Double) -> (ColorStatistics, ColorUse) {
            queue.sync {
                stats!.close(at: time)
                return (stats!, use)
            }
        }
    }
}

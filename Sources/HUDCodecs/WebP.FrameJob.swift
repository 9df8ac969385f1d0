// WebP.FrameJob: one frame on its way to the file, its candidate encodings compressed side by side.
//
// Design note: each candidate is compressed on its own thread and stored in its own slot, so the
// threads never write to shared storage. The choice waits until the frame before is written,
// because candidates that dispose that frame are valid only if it was written in the rectangle they
// assumed; among the valid ones the smallest wins, the first of equal sizes, so the choice never
// depends on timing.
import Dispatch

extension WebP {
    /// A frame's candidates (see `WebP.Candidate`), their compressed bytes, and its display times.
    final class FrameJob {
        let candidates: [Candidate]
        /// The rectangle that candidates disposing the previous frame assume it was drawn in.
        let assumedPrevious: Rect?
        let startMilliseconds: Int
        var endMilliseconds: Int
        let results: [Slot]
        let done = DispatchGroup()
        /// The bytes of its candidates' pixels, held until it is chosen.
        var heldBytes = 0
        final class Slot {
            /// The compression; nil for a candidate a gate left out (see WebP+Gates.swift).
            var result: Result<[UInt8], CompressionFailure>?
            /// The pixels being compressed, kept until the frame is chosen for the encoder's
            /// `CompressionCache`; empty when there is none to fill.
            var pixels: [UInt8] = []
        }

        init(candidates: [Candidate], assumedPrevious: Rect?, start: Int, end: Int) {
            self.candidates = candidates
            self.assumedPrevious = assumedPrevious
            results = candidates.map { _ in Slot() }
            startMilliseconds = start; endMilliseconds = end
        }

        /// The smallest candidate that is valid when the previous frame was drawn in `previousRect`
        /// (nil: there is none), with its compressed bytes. Call after `done`.
        func best(after previousRect: Rect?) throws -> (candidate: Candidate, data: [UInt8]) {
            var pick: (candidate: Candidate, data: [UInt8])?
            for (candidate, slot) in zip(candidates, results)
            where !candidate.disposesPrevious || (previousRect != nil && previousRect == assumedPrevious) {
                guard let result = slot.result else { continue }
                switch result {
                case .failure(let e): throw CodecError.encodeFailed(format: "WebP", reason: e.reason)
                case .success(let bytes):
                    if pick == nil || bytes.count < pick!.data.count { pick = (candidate, bytes) }
                }
            }
            return pick!
        }

        /// Whether every compression of the frame is done (without waiting).
        var isCompressed: Bool { done.wait(timeout: .now()) == .success }

        /// The frame's display time in milliseconds, as an ANMF chunk stores it.
        var duration: Int { min(0xFF_FFFF, max(0, endMilliseconds - startMilliseconds)) }
    }
}

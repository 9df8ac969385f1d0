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
        /// Its candidates; disposing ones may be added before it is chosen (see `Frames`).
        private(set) var candidates: [Candidate]
        let startMilliseconds: Int
        var endMilliseconds: Int
        private(set) var results: [Slot]
        /// The frame and the canvas it is drawn over, kept until it is chosen (on canvases where
        /// disposal is tried): disposing candidates for another rectangle of the previous frame may
        /// be wanted before then.
        var frames: Frames?
        struct Frames {
            let previous: [UInt8], current: [UInt8], width: Int
            /// The box of pixels that differ between the two (nil: none).
            let changed: Rect?
            /// The previous frame's rectangles whose disposal its candidates already cover.
            var disposalsMade: [Rect]
        }
        /// Disposing candidates started after it was submitted (their own group), added to it once
        /// compressed.
        var pendingDisposals: (candidates: [Candidate], slots: [Slot], group: DispatchGroup)?
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

        init(candidates: [Candidate], start: Int, end: Int) {
            self.candidates = candidates
            results = candidates.map { _ in Slot() }
            startMilliseconds = start; endMilliseconds = end
        }

        /// Adds a candidate whose compression is in `slot`. Call only once every compression is done.
        func add(_ candidate: Candidate, _ slot: Slot) {
            candidates.append(candidate)
            results.append(slot)
        }

        /// The smallest candidate that is valid when the previous frame was drawn in `previousRect`
        /// (nil: there is none), with its compressed bytes. Call after `done`.
        func best(after previousRect: Rect?) throws -> (candidate: Candidate, data: [UInt8]) {
            var pick: (candidate: Candidate, data: [UInt8])?
            for (candidate, slot) in zip(candidates, results)
            where candidate.disposing == nil || candidate.disposing == previousRect {
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

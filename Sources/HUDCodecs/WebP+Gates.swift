// WebP+Gates: which candidates a cheap compression rules out of the full one.
//
// Design note: libwebp's least lossless effort (method 0) is many times cheaper than the full
// one, but ranks a frame's candidates too poorly to pick the smallest: at full effort the order
// often flips. It is used only where a wrong call is rare and cheap:
// - A large rectangle's blended candidate (see `gatedBlend`) is compressed in full only when its
//   cheap size is under 1.08x the replaced one's. Beyond that, blending the same rectangle
//   seldom comes out smaller at full effort, and then by little; the replaced candidate is always
//   compressed, so a wrong call costs bytes, never validity. A blended rectangle that is nearly all
//   unchanged is compressed in full without the ranking, which it would pass anyway.
// - A lossy frame's lossless candidates only have to beat its lossy rectangle: the cheap
//   compression is already a valid encoding, and the lossless effort is spent only when that can
//   still beat the lossy rectangle (see `canBeatLossy`). The first frame is exempt: it is one frame,
//   drawn whole, and on dark interfaces (dark gradients and thin bars) the cheap size can be six
//   times the full one, which would keep a lossless first frame at half the lossy size out.
// Both gates depend only on compressed sizes, so the choice never depends on timing.
import CWebP

extension WebP {
    /// The configuration of the cheap compressions: libwebp's least lossless effort.
    static func rankingConfig() throws -> WebPConfig {
        var config = try WebP.config(quality: nil, method: 0)
        config.quality = 0
        return config
    }

    /// The replaced and blended candidates (indices) of a lossless frame that does not dispose the
    /// previous one, when its rectangle is large enough (`costlyArea`) for a cheap ranking to pay
    /// and the blended one (of the candidates' `pixels`) is not `mostlyUnchanged`; nil otherwise.
    static func gatedBlend(_ candidates: [Candidate], pixels: [[UInt8]]) -> (replace: Int, blend: Int)? {
        guard let r = candidates.firstIndex(where: { !$0.disposesPrevious && !$0.blend && !$0.lossy }),
              let b = candidates.firstIndex(where: { !$0.disposesPrevious && $0.blend && !$0.lossy }),
              candidates[r].rect == candidates[b].rect, candidates[r].rect.area >= costlyArea,
              !mostlyUnchanged(pixels[b]) else { return nil }
        return (r, b)
    }

    /// Whether at least seven eighths of a blended rectangle (straight RGBA) are transparent, that is
    /// unchanged. Such a rectangle compresses small and comes within the gate of the replaced one
    /// all but always, so ranking it would only add the cost of two cheap compressions.
    static func mostlyUnchanged(_ blended: [UInt8]) -> Bool {
        blended.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var transparent = 0
            for w in words where w == 0 { transparent += 1 }
            return transparent * 8 >= words.count * 7
        }
    }

    /// Whether the blended candidate is worth a full compression, from the cheap sizes of it and of
    /// the replaced one (`Int.max` where that failed): when it is under 8 % larger.
    static func blendMayWin(replaceRanked: Int, blendRanked: Int) -> Bool {
        replaceRanked == .max || (blendRanked != .max && blendRanked * 100 < replaceRanked * 108)
    }

    /// Whether a lossless candidate of `ranked` bytes at the ranking effort may still come out smaller
    /// than the lossy rectangle's `lossy` bytes at the lossless effort, which rarely makes a
    /// rectangle less than a third of its ranking size.
    static func canBeatLossy(ranked: Int, lossy: Int) -> Bool {
        ranked != .max && (lossy == .max || ranked / 3 < lossy)
    }
}

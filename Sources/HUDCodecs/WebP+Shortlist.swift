// WebP+Shortlist: which of a frame's lossless candidates are worth compressing at full effort.
//
// Design note: every candidate of a frame compressed at full effort is what matches libwebp's
// -min_size, but costs a full compression per candidate. libwebp's least effort (method 0) is
// many times cheaper and ranks the candidates nearly as full effort does: the winner is almost
// always among its two smallest, and where it is not, the third was within a hair of the second.
// So a frame of more than two candidates (one of them large enough for the cheap effort to be
// cheap) is first compressed cheaply, and only its shortlist at full effort. The shortlist always
// holds a candidate that does not dispose the previous frame, since a disposing one is valid only
// if the previous frame kept the rectangle it assumed.
// A lossy frame's lossless candidates are likewise compressed cheaply first, and at the lossless
// effort only when that can still beat the lossy rectangle (the cheap encoding stays valid).
// The ranking depends only on compressed sizes, so the choice never depends on timing.
import CWebP

extension WebP {
    /// Frames with more candidates than this are ranked cheaply first (see `shortlist`).
    static let shortlistLength = 2

    /// The smallest rectangle (pixels) worth ranking: below it, a compression's fixed costs make
    /// the least effort hardly cheaper than the full one, so ranking would cost more than it saves.
    static let rankingArea = 1 << 14

    /// Whether a lossless frame's candidates are ranked before the full compressions.
    static func ranks(_ candidates: [Candidate]) -> Bool {
        candidates.count > shortlistLength && candidates.contains { $0.rect.area >= rankingArea }
    }

    /// The configuration that ranks candidates: libwebp's least lossless effort.
    static func rankingConfig() throws -> WebPConfig {
        var config = try WebP.config(quality: nil, method: 0)
        config.quality = 0
        return config
    }

    /// The candidates (indices) to compress at full effort, from their sizes at the ranking effort
    /// (`Int.max` where that failed): the two smallest, plus the next when it is within half a
    /// percent of the second, plus the smallest that does not dispose when none of those does.
    static func shortlist(rankingSizes sizes: [Int], disposes: [Bool]) -> [Int] {
        let order = sizes.indices.sorted { (sizes[$0], $0) < (sizes[$1], $1) }
        var picked = Array(order.prefix(shortlistLength))
        if order.count > shortlistLength, let second = picked.last {
            let next = order[shortlistLength]
            if sizes[next] != .max && sizes[next] * 200 <= sizes[second] * 201 { picked.append(next) }
        }
        if picked.allSatisfy({ disposes[$0] }), let plain = order.first(where: { !disposes[$0] }) {
            picked.append(plain)
        }
        return picked
    }

    /// Whether a lossless candidate of `ranked` bytes at the ranking effort may still come out smaller
    /// than the lossy rectangle's `lossy` bytes at the lossless effort, which rarely makes a
    /// rectangle less than a third of its ranking size.
    static func canBeatLossy(ranked: Int, lossy: Int) -> Bool {
        ranked != .max && (lossy == .max || ranked / 3 < lossy)
    }
}

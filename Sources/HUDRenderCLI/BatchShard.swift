// BatchShard: which outputs of a manifest shard K of N renders (`batch --shard K/N`).
//
// Design note: a CI matrix runs N copies of the same command, one per shard, with nothing shared
// between them, so the split must be a pure function of the manifest: each output's estimated
// work (frames x pixels per frame, which is what rendering time follows) is known before anything
// renders, and outputs are dealt largest first to the shard with the least work so far (ties go
// to the lower manifest index and the lower shard). Every output lands in exactly one shard, and
// the shards' totals differ by at most the largest single output.

enum BatchShard {
    /// `K/N` with 1 <= K <= N <= 256.
    static func parse(_ raw: String, label: String, command: String) throws -> (index: Int, count: Int) {
        let parts = raw.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw UsageError("\(label): expected K/N (this job's shard K of N, e.g. 2/3), got \"\(raw)\"", command: command)
        }
        guard (1...256).contains(n), (1...n).contains(k) else {
            throw UsageError("\(label): \(raw) is out of range; K is from 1 to N and N from 1 to 256 (e.g. 1/3, 2/3, 3/3)", command: command)
        }
        return (k, n)
    }

    /// The shard (0-based) of each item, given each item's estimated work.
    static func assign(work: [Int], shards: Int) -> [Int] {
        let order = work.indices.sorted { work[$0] != work[$1] ? work[$0] > work[$1] : $0 < $1 }
        var totals = [Int](repeating: 0, count: shards)
        var shardOf = [Int](repeating: 0, count: work.count)
        for i in order {
            var lightest = 0
            for s in 1..<max(1, shards) where totals[s] < totals[lightest] { lightest = s }
            shardOf[i] = lightest
            totals[lightest] += work[i]
        }
        return shardOf
    }
}

// ProcessInfoCores: how many worker threads "all cores" means.
//
// Design note: the active processor count honours CPU affinity and container limits on Linux;
// a HUDRENDER_JOBS environment variable lets CI pin it without changing command lines.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

enum ProcessInfoCores {
    static var count: Int {
        if let env = ProcessInfo.processInfo.environment["HUDRENDER_JOBS"], let n = Int(env), n > 0 {
            return min(n, Limits.maxJobs)
        }
        return max(1, min(ProcessInfo.processInfo.activeProcessorCount, Limits.maxJobs))
    }
}

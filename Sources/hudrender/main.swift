// hudrender's entry point: install the signal trap, run the command, exit with its status.
//
// Design note: nothing else happens here, so the whole tool stays testable through
// `CommandLineTool.main(_:)` and through the built binary alike.

import Foundation
import HUDCodecs

SignalTrap.removeTemporaryFiles = { AtomicFile.removeAllPending() }
SignalTrap.install()
let status = CommandLineTool.main(Array(CommandLine.arguments.dropFirst()))
exit(status)

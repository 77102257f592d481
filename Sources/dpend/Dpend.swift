import ArgumentParser
import DpendModel
import DpendWorkspace

/// The `dpend` command: checks a Swift code base's dependency graph and generates the
/// container's registrations.
@main
struct Dpend: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dpend",
    abstract: "Finds missing dependencies and dependency cycles in Swift sources, and generates registrations.",
    discussion: """
      Settings are read from .dpend.json at the workspace root (the current directory, the \
      inputs' root when they lie outside it, or --workspace); command-line flags override them.
      """,
    version: DpendVersion.current,
    subcommands: [Generate.self, Analyze.self, Tree.self, Graph.self, LSP.self],
    defaultSubcommand: Generate.self)

  static func main() {
    AllocatorTuning.keepFreedMemory()
    BackgroundWork.waitAtExit()
    main(nil)
  }
}

import DpendModel
import DpendTestSupport
import Foundation
import Testing

/// The host state as the command line keeps it (`.build/dpend/host-state.bin`): the next run
/// makes its host from it and hands it only the files that changed; a state that does not
/// check out is refused with the reason on `--verbose`, and the run answers as one without
/// any cache does.
@Suite struct HostStateCommandTests {
  static let state = ".build/dpend/host-state.bin"
  static let updated = "host state: the kept state updated with 1 changed file\n"
  static func refused(_ reason: String) -> String { "host state: not used, \(reason); graph built from scratch\n" }

  /// The example's assembly with a registration that closes a cycle (`ProfileService` needs
  /// `ImageCache`): an edit no kept answer stands for, so the run builds its graph.
  static func cycle(_ assembly: String) -> String {
    assembly.replacingOccurrences(
      of: "    // Nothing registers `ImageCache`.\n",
      with: "    container.register(ImageCache.self) { r in r.resolve(ProfileService.self)! as! ImageCache }\n")
  }

  /// The Swinject example, without the caches a run in the repository may have left.
  private static func example() throws -> (workspace: TemporaryWorkspace, assembly: String) {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example/Swinject"))
    try? workspace.remove(".build")
    let assembly = try #require(workspace.read("AppAssembly.swift"))
    #expect(cycle(assembly) != assembly)
    return (workspace, assembly)
  }

  /// Runs `analyze --verbose` and the same with `--no-cache`: the outputs (notes included)
  /// must be equal.
  private static func expectFresh(
    _ workspace: TemporaryWorkspace, _ comment: Comment
  ) throws -> ProcessResult {
    let run = try workspace.run(["analyze", "--verbose"])
    let fresh = try workspace.run(["analyze", "--verbose", "--no-cache"])
    #expect(run.stdout == fresh.stdout, comment)
    #expect(run.status == fresh.status, comment)
    #expect(!fresh.stdout.isEmpty, comment)
    return run
  }

  @Test func anEditIsAppliedToTheKeptState() throws {
    let (workspace, assembly) = try Self.example()
    defer { workspace.remove() }
    let first = try workspace.run(["analyze", "--verbose"])
    // No state before the first run: no line about it.
    #expect(!first.stderr.contains("host state"), "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: workspace.path(Self.state)))
    try workspace.write("AppAssembly.swift", Self.cycle(assembly))
    let second = try Self.expectFresh(workspace, "a cycle made")
    #expect(second.stderr.contains("summary cache: 3 reused, 1 parsed\n" + Self.updated), "\(second.stderr)")
    #expect(second.stdout.contains("dependency cycle"), "\(second.stdout)")
    // The cycle broken again: the state the second run kept is the one updated.
    try workspace.write("AppAssembly.swift", assembly)
    let third = try Self.expectFresh(workspace, "the cycle broken")
    #expect(third.stderr.contains(Self.updated), "\(third.stderr)")
    #expect(!third.stdout.contains("dependency cycle"), "\(third.stdout)")
  }

  /// Each fault: the state is refused with its reason, and the answer is a fresh one.
  @Test(arguments: [
    ("truncated", "the state file is damaged (its checksum does not match)"),
    ("flipped", "the state file is damaged (its checksum does not match)"),
    ("version", "the state file was written by another version of dpend"),
    ("settings", "the state was kept by another build of dpend or for other settings"),
    ("summaries", "the state cannot be used: the summary of SERVICES it was made from is gone"),
  ])
  func aFaultyStateIsRefusedWithItsReason(fault: String, reason: String) throws {
    let (workspace, assembly) = try Self.example()
    defer { workspace.remove() }
    _ = try workspace.run(["analyze"])
    var bytes = try [UInt8](Data(contentsOf: workspace.url(Self.state)))
    switch fault {
    case "truncated": bytes.removeLast(bytes.count / 2)
    case "flipped": bytes[bytes.count / 2] ^= 0x10
    case "version": bytes[7] = UInt8(ascii: "0")
    case "settings":
      // A setting the summaries do not depend on: the summary cache stays usable.
      try workspace.write(".dpend.json", #"{"implicitFilters": [".*Impl"]}"#)
    default:
      // The summary cache written anew by a run that read another text of `Services.swift`,
      // the state of the run before put back: a state and a cache of two writers.
      let services = try #require(workspace.read("Services.swift"))
      try workspace.write("Services.swift", services + "final class Spare {}\n")
      _ = try workspace.run(["analyze"])
      try workspace.write("Services.swift", services)
    }
    if fault != "settings" {
      try Data(bytes).write(to: workspace.url(Self.state))
    }
    try workspace.write("AppAssembly.swift", Self.cycle(assembly))
    let run = try Self.expectFresh(workspace, "\(fault)")
    let expected = Self.refused(
      reason.replacingOccurrences(of: "SERVICES", with: "Services.swift"))
    #expect(run.stderr.contains(expected), "\(fault): \(run.stderr)")
    // The run keeps a good state again: the next edit is applied to it.
    try workspace.write("AppAssembly.swift", assembly)
    let next = try Self.expectFresh(workspace, "\(fault), after")
    #expect(next.stderr.contains(Self.updated), "\(next.stderr)")
  }

  /// Two runs writing at once leave one whole state (writes are atomic): the next run
  /// takes it up.
  @Test func twoWritersAtOnceLeaveAUsableState() throws {
    let (workspace, assembly) = try Self.example()
    defer { workspace.remove() }
    try workspace.write("AppAssembly.swift", Self.cycle(assembly))
    let statuses = Locked([Int32]())
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let status = (try? workspace.run(["analyze"]))?.status ?? -1
      statuses.withLock { $0.append(status) }
    }
    // The cycle is an error.
    #expect(statuses.withLock { $0 } == [1, 1])
    try workspace.write("AppAssembly.swift", assembly)
    let next = try Self.expectFresh(workspace, "after two writers")
    #expect(next.stderr.contains(Self.updated), "\(next.stderr)")
  }
}

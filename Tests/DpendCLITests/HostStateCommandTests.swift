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
  /// `ImageCache`): an edit whose answer is not kept, so the run builds its graph.
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

  /// A first run streams its state into the file as its graph is built: when the file cannot
  /// be put in place (a folder holds its name), the run answers as a run without any cache
  /// does, says why in one line, and leaves no temporary file; the next run answers alike.
  @Test func aFirstRunWhoseStateCannotBeWrittenAnswersAndSaysWhy() throws {
    let (workspace, _) = try Self.example()
    defer { workspace.remove() }
    try FileManager.default.createDirectory(
      at: workspace.url(Self.state).appendingPathComponent("occupied"), withIntermediateDirectories: true)
    let fresh = try workspace.run(["analyze", "--no-cache"])
    for run in 0..<2 {
      let result = try workspace.run(["analyze"])
      #expect(result.stdout == fresh.stdout, "run \(run)")
      #expect(result.status == fresh.status, "run \(run)")
      let warning = result.stderr.split(separator: "\n").filter { $0.contains("host state") }
      #expect(warning.count == (run == 0 ? 1 : 0), "run \(run): \(result.stderr)")
      if run == 0 {
        #expect(
          warning.first?.hasPrefix("warning: cannot write the host state \(workspace.url(Self.state).path): ") == true,
          "\(result.stderr)")
      }
      let left = try FileManager.default.contentsOfDirectory(atPath: workspace.path(".build/dpend"))
      #expect(
        left.sorted() == ["answer.cache", "host-state.bin", "summaries.cache", "vocabulary.json"], "run \(run): \(left)"
      )
    }
  }

  /// Each fault: the state is refused with its reason, and the answer is a fresh one.
  @Test(arguments: [
    ("truncated", "the state file is damaged (its checksum does not match)"),
    ("flipped", "the state file is damaged (its checksum does not match)"),
    ("version", "the state file was written by another version of dpend"),
    ("settings", "the state was kept by another build of dpend or for other settings"),
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
    default:
      // A setting the summaries do not depend on: the summary cache stays usable.
      try workspace.write(".dpend.json", #"{"implicitFilters": [".*Impl"]}"#)
    }
    if fault != "settings" {
      try Data(bytes).write(to: workspace.url(Self.state))
    }
    try workspace.write("AppAssembly.swift", Self.cycle(assembly))
    let run = try Self.expectFresh(workspace, "\(fault)")
    #expect(run.stderr.contains(Self.refused(reason)), "\(fault): \(run.stderr)")
    // The run keeps a good state again: the next edit is applied to it.
    try workspace.write("AppAssembly.swift", assembly)
    let next = try Self.expectFresh(workspace, "\(fault), after")
    #expect(next.stderr.contains(Self.updated), "\(next.stderr)")
  }

  /// A state whose summaries the cache no longer holds (a run since wrote the cache with
  /// another text of `Services.swift`, then that file was put back): the state is used, and
  /// the file whose summary is gone is read again, unchanged since the state.
  @Test func aStateWhoseSummariesAreGoneReadsThoseFilesAgain() throws {
    let (workspace, assembly) = try Self.example()
    defer { workspace.remove() }
    _ = try workspace.run(["analyze"])
    let state = try Data(contentsOf: workspace.url(Self.state))
    let services = try #require(workspace.read("Services.swift"))
    try workspace.write("Services.swift", services + "final class Spare {}\n")
    _ = try workspace.run(["analyze"])
    try workspace.write("Services.swift", services)
    try state.write(to: workspace.url(Self.state))
    try workspace.write("AppAssembly.swift", Self.cycle(assembly))
    let run = try Self.expectFresh(workspace, "summaries gone")
    #expect(run.stderr.contains("summary cache: 2 reused, 2 parsed\n" + Self.updated), "\(run.stderr)")
    #expect(run.stdout.contains("dependency cycle"), "\(run.stdout)")
  }

  /// In a workspace of many files, the kept state is a checkpoint: a run that changed few
  /// files since leaves it as it is, and the next run applies every change since.
  @Test func theKeptStateIsACheckpointTheNextRunsReplayTheirChangesOnto() throws {
    let (workspace, assembly) = try Self.example()
    defer { workspace.remove() }
    for index in 0..<80 { try workspace.write("Filler\(index).swift", "final class Filler\(index) {}\n") }
    _ = try workspace.run(["analyze"])
    let state = try Data(contentsOf: workspace.url(Self.state))
    try workspace.write("AppAssembly.swift", Self.cycle(assembly))
    let second = try Self.expectFresh(workspace, "a cycle made")
    #expect(second.stderr.contains(Self.updated), "\(second.stderr)")
    #expect(try Data(contentsOf: workspace.url(Self.state)) == state)
    let services = try #require(workspace.read("Services.swift"))
    try workspace.write("Services.swift", services + "final class Spare {}\n")
    let third = try Self.expectFresh(workspace, "a class added beside the cycle")
    #expect(third.stderr.contains("host state: the kept state updated with 2 changed files\n"), "\(third.stderr)")
    #expect(third.stdout.contains("dependency cycle"), "\(third.stdout)")
    #expect(try Data(contentsOf: workspace.url(Self.state)) == state)
    // Both put back: nothing changed since the state.
    try workspace.write("Services.swift", services)
    try workspace.write("AppAssembly.swift", assembly)
    let fourth = try Self.expectFresh(workspace, "both put back")
    #expect(fourth.stderr.contains("host state: the kept state updated with 0 changed files\n"), "\(fourth.stderr)")
  }

  /// A run restored from the state that had to build its graph from scratch anyway (a file
  /// added changes which files each target holds, part of the settings the tables were built
  /// with) writes the state again: the next run updates it instead of building again.
  @Test func aRunThatBuiltFromScratchKeepsItsStateThoughFewFilesChanged() throws {
    let (workspace, _) = try Self.example()
    defer { workspace.remove() }
    for index in 0..<80 { try workspace.write("Filler\(index).swift", "final class Filler\(index) {}\n") }
    // A test target beside the app: the settings list each file's targets.
    try workspace.write("AppTests/AppTests.swift", "import XCTest\n\nfinal class AppTests: XCTestCase {}\n")
    _ = try workspace.run(["analyze"])
    let state = try Data(contentsOf: workspace.url(Self.state))
    try workspace.write("Added.swift", "final class Added {}\n")
    let added = try Self.expectFresh(workspace, "a file added")
    #expect(added.stderr.contains(Self.updated), "\(added.stderr)")
    #expect(try Data(contentsOf: workspace.url(Self.state)) != state)
    // The next edit: an update of the state the run before wrote, which it does not write.
    let rewritten = try Data(contentsOf: workspace.url(Self.state))
    try workspace.write("Filler0.swift", "final class Filler0 { init() {} }\n")
    let edited = try Self.expectFresh(workspace, "a filler edited")
    #expect(edited.stderr.contains(Self.updated), "\(edited.stderr)")
    #expect(try Data(contentsOf: workspace.url(Self.state)) == rewritten)
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

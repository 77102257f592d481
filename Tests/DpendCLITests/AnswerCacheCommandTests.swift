import DpendTestSupport
import Foundation
import Testing

/// The answer cache as the command line uses it: a run whose inputs are all unchanged prints
/// exactly what a run without any cache prints, in every format, and `generate` writes only
/// when its output file no longer holds what it generated.
@Suite struct AnswerCacheCommandTests {
  static let kept = "answer cache: no input changed since the answer was kept; no graph built\n"
  /// What `--verbose` says of a run whose host went on from the kept host state, one file changed.
  static let updated = "host state: the kept state updated with 1 changed file\n"
  /// The same with no file changed since the state (a kept answer `generate` could not use).
  static let updatedNone = "host state: the kept state updated with 0 changed files\n"
  /// Settings reading `Sources` with types ending in `Impl` as providers.
  static let implSettings = #"{"implicitFilters": [".*Impl"], "inputs": ["Sources"]}"#

  /// The arguments of a verbose `generate` for `container`, before the output file's name.
  static func generate(_ container: String) -> [String] {
    ["generate", "--container", container, "--verbose", "--output-file"]
  }

  /// Every example app, in every format: the run that keeps the answer, and the next one
  /// that reports it (`--verbose` says so), print what `--no-cache` prints, with its exit
  /// status.
  @Test(arguments: ["", "Dip", "Swinject", "Resolver", "Factory", "Locator", "Stitcher", "Belum"])
  func aKeptAnswerPrintsWhatAFreshAnalysisPrints(example: String) throws {
    let workspace = try TemporaryWorkspace(copying: Repository.url("Tests/Example/\(example)"))
    defer { workspace.remove() }
    for format in [[], ["--format", "json"], ["--format", "sarif"]] {
      try Self.expectKeptAnswerEqualsFresh(workspace, ["analyze", "--verbose"] + format, "\(example) \(format)")
    }
  }

  /// A library's requirements (JSON in library mode) come from the kept answer too.
  @Test func aLibrarysRequirementsAreKept() throws {
    let workspace = try TemporaryWorkspace([
      "Sources/Feed.swift": "public protocol Clock {}\npublic final class FeedImpl { public init(clock: Clock) {} }\n"
    ])
    defer { workspace.remove() }
    let plain = try Self.expectKeptAnswerEqualsFresh(
      workspace,
      ["analyze", "--verbose", "--format", "json", "--output-file", "Lib.dpendmodule", "--implicit-filter", ".*Impl"],
      "library")
    #expect(
      plain.stdout == """
        {
          "diagnostics": [],
          "errors": 0,
          "requirements": [
            {
              "name": "Clock"
            }
          ],
          "warnings": 0
        }

        """)
  }

  /// Runs `arguments` with `--no-cache`, then twice over new caches: the second reports the
  /// kept answer, and both print what the first printed (after the caches' own lines).
  /// Returns the run without cache.
  @discardableResult
  static func expectKeptAnswerEqualsFresh(
    _ workspace: TemporaryWorkspace, _ arguments: [String], _ comment: Comment
  ) throws -> ProcessResult {
    // A start without caches: an answer kept by an earlier format is this format's too.
    try? workspace.remove(".build")
    let plain = try workspace.run(arguments + ["--no-cache"])
    let first = try workspace.run(arguments)
    let second = try workspace.run(arguments)
    #expect(!plain.stdout.isEmpty, comment)
    for run in [first, second] {
      #expect(run.stdout == plain.stdout, comment)
      #expect(run.status == plain.status, comment)
    }
    #expect(!first.stderr.contains(Self.kept), comment)
    #expect(second.stderr.contains("parsed\n" + Self.kept), "\(comment): \(second.stderr)")
    // The same summary and container lines, after the caches' own.
    let plainLines = plain.stderr.split(separator: "\n").dropFirst()
    #expect(first.stderr.split(separator: "\n").dropFirst().elementsEqual(plainLines), "\(comment): \(first.stderr)")
    #expect(second.stderr.split(separator: "\n").dropFirst(2).elementsEqual(plainLines), "\(comment): \(second.stderr)")
    return plain
  }

  static let files = [
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed { init(store: Store) {} }\n",
  ]

  /// A comment appended is no change for the answer (one file parsed, no graph built); a
  /// line inserted above a declaration is an input changed, which the kept host state takes
  /// up, and its new position is reported; so is a parameter added.
  @Test func aCommentAppendedKeepsTheAnswerAMovedDeclarationUpdatesTheState() throws {
    var files = Self.files
    files["Sources/Feed.swift"] = "final class FeedImpl { init(store: Store, clock: Clock) {} }\n"
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let first = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(first.status == 1)
    try workspace.write("Sources/Feed.swift", files["Sources/Feed.swift"]! + "// clock comes later\n")
    let commented = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(commented.stderr.hasPrefix("summary cache: 1 reused, 1 parsed\n" + Self.kept), "\(commented.stderr)")
    #expect(commented.stdout == first.stdout)
    try workspace.write("Sources/Feed.swift", "\n" + files["Sources/Feed.swift"]!)
    let moved = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(moved.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n")
    #expect(moved.stdout == (try workspace.run("analyze", "--implicit-filter", ".*Impl", "--no-cache").stdout))
    #expect(
      moved.stdout == """
        Sources/Feed.swift:2:50: error: missing dependency: nothing provides 'Clock', needed by \
        'FeedImpl.init(store:clock:)' [missing-dependency]
        Sources/Feed.swift:2:50: note: 'FeedImpl.init(store:clock:)' needs 'Clock'

        """)
    // The answer is kept for the new text: the next run takes it as it is.
    let movedAgain = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(movedAgain.stderr == "summary cache: 2 reused, 0 parsed\n" + Self.kept + "1 error, 0 warnings\n")
    #expect(movedAgain.stdout == moved.stdout)
    // A parameter added is another shape; needing the missing key, it changes only that
    // key's error, which is made again without building the graph.
    try workspace.write(
      "Sources/Feed.swift", "\nfinal class FeedImpl { init(store: Store, clock: Clock, c: Clock) {} }\n")
    let reshaped = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(
      reshaped.stderr
        == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n"
    )
    #expect(reshaped.stdout.contains("needed by 'FeedImpl.init(store:clock:c:)'"))
    #expect(reshaped.stdout == (try workspace.run("analyze", "--implicit-filter", ".*Impl", "--no-cache").stdout))
    // A declaration nothing reads is another shape that does not reach the graph: the
    // answer stands. One another file's analysis looked up (the missing key's name) builds it.
    let reshapedText = "\nfinal class FeedImpl { init(store: Store, clock: Clock, c: Clock) {} }\n"
    try workspace.write("Sources/Feed.swift", reshapedText + "protocol Unread {}\n")
    let unread = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(unread.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n")
    #expect(unread.stdout == reshaped.stdout)
    #expect(unread.stdout == (try workspace.run("analyze", "--implicit-filter", ".*Impl", "--no-cache").stdout))
    // Above the factory, it moves the factory and the error with it: the answer stands, moved.
    try workspace.write("Sources/Feed.swift", "protocol Above {}\n" + reshapedText + "protocol Unread {}\n")
    let above = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(above.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n")
    #expect(above.stdout == (try workspace.run("analyze", "--implicit-filter", ".*Impl", "--no-cache").stdout))
    #expect(above.stdout.hasPrefix("Sources/Feed.swift:3:"))
    try workspace.write("Sources/Store.swift", files["Sources/Store.swift"]! + "protocol Clock {}\n")
    let read = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(read.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n")
    #expect(read.stdout == (try workspace.run("analyze", "--implicit-filter", ".*Impl", "--no-cache").stdout))
    // Another filter is another answer.
    let other = try workspace.run("analyze", "--implicit-filter", "Nothing", "--verbose")
    #expect(!other.stderr.contains(Self.kept))
    #expect(other.stdout == "")
    #expect(other.status == 0)
  }

  /// `generate` reports the kept answer only while its output file holds what it generated:
  /// a deleted or edited output is written again.
  @Test func generateWritesAgainWhenItsOutputChanged() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    let arguments = ["generate", "--implicit-filter", ".*Impl", "--output-file", "Deps.swift", "--verbose"]
    let built = "summary cache: 2 reused, 0 parsed\n"
    let first = try workspace.run(arguments)
    #expect(first.stderr == "summary cache: 0 reused, 2 parsed\nwrote Deps.swift\n")
    let generated = try #require(workspace.read("Deps.swift"))
    let date = try workspace.modificationDate("Deps.swift")
    let second = try workspace.run(arguments)
    #expect(second.stderr == built + Self.kept + "Deps.swift is up to date\n")
    #expect(try workspace.modificationDate("Deps.swift") == date)
    // A line inserted in a source file moves positions only: the graph the host state
    // builds generates the same, so the output is still up to date.
    try workspace.write("Sources/Feed.swift", "\n" + Self.files["Sources/Feed.swift"]!)
    let moved = try workspace.run(arguments)
    #expect(moved.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "Deps.swift is up to date\n")
    #expect(try workspace.modificationDate("Deps.swift") == date)
    // A declaration nothing reads: another shape, the same graph, so the output is too.
    try workspace.write("Sources/Feed.swift", "protocol Unread {}\n" + Self.files["Sources/Feed.swift"]!)
    let unread = try workspace.run(arguments)
    #expect(unread.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "Deps.swift is up to date\n")
    #expect(try workspace.modificationDate("Deps.swift") == date)
    #expect(workspace.read("Deps.swift") == generated)
    try workspace.write("Deps.swift", generated + "// edited by hand\n")
    let edited = try workspace.run(arguments)
    #expect(edited.stderr == built + Self.updatedNone + "wrote Deps.swift\n")
    #expect(workspace.read("Deps.swift") == generated)
    try workspace.remove("Deps.swift")
    let deleted = try workspace.run(arguments)
    // The graph of the run before, its host state taken up as it is.
    #expect(deleted.stderr == built + Self.updatedNone + "wrote Deps.swift\n")
    #expect(workspace.read("Deps.swift") == generated)
    // Another container kind is another output.
    let swinject = try workspace.run(arguments + ["--container", "swinject"])
    #expect(swinject.stderr == built + Self.updatedNone + "wrote Deps.swift\n")
    #expect(workspace.read("Deps.swift")?.contains("import Swinject") == true)
    // Errors are reported from the kept answer too, and nothing is written.
    try workspace.write("Sources/Feed.swift", "final class FeedImpl { init(clock: Clock) {} }\n")
    let failing = try workspace.run(arguments)
    let again = try workspace.run(arguments)
    #expect(failing.status == 1)
    #expect(!failing.stderr.contains(Self.kept))
    #expect(again.status == 1)
    #expect(again.stdout == failing.stdout)
    #expect(
      again.stderr
        == failing.stderr.replacingOccurrences(
          of: "1 reused, 1 parsed\n" + Self.updated,
          with: "2 reused, 0 parsed\n" + Self.kept))
    #expect(again.stderr.hasSuffix("error: not writing 'Deps.swift': analysis found errors\n"))
  }

  /// A provider of a key nothing needs, added or removed: `analyze` and `generate` go on from
  /// the host state, and `generate` writes the container again, with the provider.
  @Test func aProviderNothingNeedsIsWrittenFromTheHostState() throws {
    var files = Self.files
    files["Sources/Feed.swift"] = "final class FeedImpl { init(store: Store, clock: Clock) {} }\n"
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let analyze = ["analyze", "--implicit-filter", ".*Impl", "--verbose"]
    let first = try workspace.run(analyze)
    #expect(first.status == 1)
    // Above the factory: the error moves to line 2.
    try workspace.write(
      "Sources/Feed.swift", "final class CacheImpl { init(store: Store) {} }\n" + files["Sources/Feed.swift"]!)
    let added = try workspace.run(analyze)
    #expect(added.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n")
    let plain = try workspace.run(["analyze", "--implicit-filter", ".*Impl", "--no-cache"])
    #expect(added.stdout == plain.stdout)
    #expect(added.stdout.hasPrefix("Sources/Feed.swift:2:50: error: missing dependency: nothing provides 'Clock'"))
    try workspace.write("Sources/Feed.swift", files["Sources/Feed.swift"]!)
    let removed = try workspace.run(analyze)
    #expect(removed.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "1 error, 0 warnings\n")
    #expect(removed.stdout == first.stdout)
    // The missing key's first provider: its error goes.
    try workspace.write(
      "Sources/Feed.swift", files["Sources/Feed.swift"]! + "protocol Clock {}\nfinal class ClockImpl: Clock {}\n")
    let provided = try workspace.run(analyze)
    #expect(provided.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "0 errors, 0 warnings\n")
    #expect(provided.stdout == "")

    let generate = ["generate", "--implicit-filter", ".*Impl", "--output-file", "Deps.swift", "--verbose"]
    let written = try workspace.run(generate)
    #expect(written.stderr == "summary cache: 2 reused, 0 parsed\n" + Self.updatedNone + "wrote Deps.swift\n")
    #expect(workspace.read("Deps.swift")?.contains("CacheImpl") == false)
    try workspace.write("Sources/Store.swift", files["Sources/Store.swift"]! + "final class CacheImpl {}\n")
    // Written from the registrations kept with the code before, and the provider added.
    let again = try workspace.run(generate)
    #expect(again.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n")
    #expect(workspace.read("Deps.swift")?.contains("CacheImpl()") == true)
    // The summary cache was written beside the code, and before the process ended.
    let unchanged = try workspace.run(generate)
    #expect(unchanged.stderr == "summary cache: 2 reused, 0 parsed\n" + Self.kept + "Deps.swift is up to date\n")
    // The answer analyze keeps for the provider removed has no output: generate writes again.
    // (`--output-file` keeps the generated file out of analyze's sources, as generate does.)
    try workspace.write("Sources/Store.swift", files["Sources/Store.swift"]!)
    let analyzed = try workspace.run(analyze + ["--output-file", "Deps.swift"])
    #expect(analyzed.stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "0 errors, 0 warnings\n")
    let regenerated = try workspace.run(generate)
    #expect(regenerated.stderr == "summary cache: 2 reused, 0 parsed\n" + Self.updatedNone + "wrote Deps.swift\n")
    #expect(workspace.read("Deps.swift")?.contains("CacheImpl") == false)
  }
}

extension AnswerCacheCommandTests {
  /// `Deps.swift` in `workspace` holds what `generate` (ending in `--output-file`) writes
  /// without a cache, after `step`.
  static func expectFresh(_ workspace: TemporaryWorkspace, _ generate: [String], _ step: String) throws {
    let fresh = try workspace.run(generate + ["Fresh.swift", "--no-cache"])
    #expect(fresh.status == 0, "\(step)")
    #expect(workspace.read("Deps.swift") == workspace.read("Fresh.swift"), "\(step)")
  }
}

extension TemporaryWorkspace {
  /// Runs the built `dpend` with `arguments` in this folder.
  func run(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run(BuiltProduct.dpend, arguments, in: root)
  }
}

import DpendModel
import DpendTestSupport
import DpendWorkspace
import Foundation
import Testing

/// The summary cache as the command line uses it: in `.build/dpend` of the workspace, reused
/// by every subcommand, bypassed by `--no-cache`, and never a reason to fail.
@Suite struct SummaryCacheCommandTests {
  static let files = [
    "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
    "Sources/Feed.swift": "final class FeedImpl { init(store: Store, clock: Clock) {} }\n",
    "Sources/Clock.swift": "protocol Clock {}\n",
  ]
  static let missingClock = """
    Sources/Feed.swift:1:50: error: missing dependency: nothing provides 'Clock', needed by \
    'FeedImpl.init(store:clock:)' [missing-dependency]
    Sources/Feed.swift:1:50: note: 'FeedImpl.init(store:clock:)' needs 'Clock'

    """

  @Test func aSecondRunReusesEverySummaryAndAnEditParsesOneFile() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    let first = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(first.stderr.hasPrefix("summary cache: 0 reused, 3 parsed\n"), "\(first.stderr)")
    #expect(FileManager.default.fileExists(atPath: workspace.path(".build/dpend/summaries.cache")))
    let second = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(second.stderr.hasPrefix("summary cache: 3 reused, 0 parsed\n"), "\(second.stderr)")
    #expect(second.stdout == first.stdout)
    #expect(second.status == first.status)
    try workspace.write("Sources/Clock.swift", "protocol Clock {}\nfinal class ClockImpl: Clock {}\n")
    let edited = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(edited.stderr.hasPrefix("summary cache: 2 reused, 1 parsed\n"), "\(edited.stderr)")
    #expect(edited.stdout == "")
    // `tree` and `generate` keep the same cache: what they parsed, `analyze` reuses.
    try workspace.write("Sources/Clock.swift", "protocol Clock {}\nfinal class SystemClockImpl: Clock {}\n")
    let tree = try workspace.run("tree", "--implicit-filter", ".*Impl")
    #expect(tree.status == 0)
    let afterTree = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(afterTree.stderr.hasPrefix("summary cache: 3 reused, 0 parsed\n"), "\(afterTree.stderr)")
    try workspace.write("Sources/Clock.swift", "protocol Clock {}\nfinal class ClockImpl: Clock {}\n")
    let generate = try workspace.run("generate", "--implicit-filter", ".*Impl", "--output-file", "Deps.swift")
    #expect(generate.status == 0, "\(generate.stderr)")
    try workspace.remove("Deps.swift")
    let afterGenerate = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
    #expect(afterGenerate.stderr.hasPrefix("summary cache: 3 reused, 0 parsed\n"), "\(afterGenerate.stderr)")
    let bypassed = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose", "--no-cache")
    #expect(bypassed.stderr.hasPrefix("summary cache: off, 3 parsed\n"), "\(bypassed.stderr)")
  }

  @Test func noCacheWritesNothingAndAnotherDirectoryCanBeNamed() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    _ = try workspace.run("analyze", "--no-cache")
    #expect(!FileManager.default.fileExists(atPath: workspace.path(".build")))
    let other = try workspace.run("analyze", "--cache-directory", "cache-here", "--verbose")
    #expect(other.stderr.hasPrefix("summary cache: 0 reused, 3 parsed\n"))
    #expect(FileManager.default.fileExists(atPath: workspace.path("cache-here/summaries.cache")))
    #expect(!FileManager.default.fileExists(atPath: workspace.path(".build")))
  }

  /// A cache that cannot be written costs speed and one line on standard error, nothing else.
  @Test func anUnwritableCacheIsOneLineOnStandardError() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    try workspace.write("blocked", "a file where the cache directory would be")
    let result = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--cache-directory", "blocked")
    #expect(result.stdout == Self.missingClock)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(result.stderr)")
    #expect(lines.first?.hasPrefix("warning: cannot write the summary cache ") == true, "\(result.stderr)")
    #expect(lines.last == "1 error, 0 warnings")
    #expect(result.status == 1)
    // `generate`, which also keeps its registrations there, says it once too.
    try workspace.write("Sources/Clock.swift", "protocol Clock {}\nfinal class ClockImpl: Clock {}\n")
    let generated = try workspace.run(
      "generate", "--implicit-filter", ".*Impl", "--cache-directory", "blocked", "--output-file", "Deps.swift")
    let written = generated.stderr.split(separator: "\n")
    #expect(written.count == 2, "\(generated.stderr)")
    #expect(written.first?.hasPrefix("warning: cannot write the summary cache ") == true, "\(generated.stderr)")
    #expect(written.last == "wrote Deps.swift")
    #expect(generated.status == 0)
  }

  /// Two processes writing the cache at once: each answers alone, and the file left behind is
  /// whole (the next run reuses every summary).
  @Test func twoProcessesAtOnceLeaveOneWholeFile() throws {
    let workspace = try TemporaryWorkspace(Self.files)
    defer { workspace.remove() }
    for round in 0..<5 {
      try workspace.write("Sources/Round.swift", "final class Round\(round)Impl {}\n")
      let results = Locked([ProcessResult?](repeating: nil, count: 2))
      DispatchQueue.concurrentPerform(iterations: 2) { index in
        let result = try? workspace.run("analyze", "--implicit-filter", ".*Impl")
        results.withLock { $0[index] = result }
      }
      for result in results.withLock({ $0 }) {
        #expect(result?.stdout == Self.missingClock, "round \(round)")
        #expect(result?.status == 1)
      }
      let next = try workspace.run("analyze", "--implicit-filter", ".*Impl", "--verbose")
      #expect(next.stderr.hasPrefix("summary cache: 4 reused, 0 parsed\n"), "round \(round): \(next.stderr)")
    }
  }

  /// An Xcode project's caches go to the user's cache folder: analysing it adds no folder to
  /// the app's repository, and a second run reuses them.
  @Test func anXcodeProjectsCachesStayOutOfItsRepository() throws {
    let workspace = try TemporaryWorkspace([
      "App.xcworkspace/contents.xcworkspacedata": "<Workspace version = \"1.0\"></Workspace>\n",
      "Sources/App.swift": "struct App {}\n",
    ])
    defer { workspace.remove() }
    let cacheHome = try TemporaryWorkspace([:])
    defer { cacheHome.remove() }
    let environment = ["XDG_CACHE_HOME": cacheHome.root.path]
    let first = try ProcessRunner.run(
      BuiltProduct.dpend, ["analyze"], in: workspace.root, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(!FileManager.default.fileExists(atPath: workspace.path(".build")))
    let folder = CacheLocation.folderName(of: workspace.root.standardizedFileURL)
    #expect(FileManager.default.fileExists(atPath: cacheHome.path("dpend/\(folder)/summaries.cache")))
    let second = try ProcessRunner.run(
      BuiltProduct.dpend, ["analyze", "--verbose"], in: workspace.root, environment: environment)
    #expect(second.stderr.hasPrefix("summary cache: 1 reused, 0 parsed\n"), "\(second.stderr)")
  }
}

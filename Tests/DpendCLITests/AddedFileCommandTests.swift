import DpendTestSupport
import Foundation
import Testing

extension AnswerCacheCommandTests {
  /// Files added and removed, with declarations nothing reads, providers nothing needs, and
  /// a needed key's first provider: each run goes on from the host state and prints and
  /// writes what a run without a cache does.
  @Test func aFileAddedOrRemovedGoesOnFromTheHostState() throws {
    let files = [
      ".dpend.json": Self.implSettings,
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed { init(store: Store, clock: Clock) {} }\n",
    ]
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let analyze = ["analyze", "--verbose", "--output-file", "Deps.swift"]
    #expect(try workspace.run(analyze).status == 1)
    for (index, (path, text)) in [
      ("Sources/Helper.swift", "protocol Unread {}\nfinal class Helper { init(store: Store) {} }\n"),
      ("Sources/Cache.swift", "protocol Cache {}\nfinal class CacheImpl: Cache { init(store: Store) {} }\n"),
    ].enumerated() {
      try workspace.write(path, text)
      let kept = try workspace.run(analyze)
      #expect(kept.stderr.hasPrefix("summary cache: \(2 + index) reused, 1 parsed\n" + Self.updated), "\(kept.stderr)")
      #expect(kept.stderr.hasSuffix("1 error, 0 warnings\n"), "\(kept.stderr)")
      #expect(kept.stdout == (try workspace.run(["analyze", "--no-cache", "--output-file", "Deps.swift"]).stdout))
      #expect(kept.stdout.hasPrefix("Sources/Feed.swift:2:56: error: missing dependency: nothing provides 'Clock'"))
    }
    // `Clock` declared: a name `FeedImpl`'s analysis looked up, the graph is built. Then the
    // first provider of `Clock`, which `FeedImpl` needs: its error goes.
    try workspace.write("Sources/Clock.swift", "protocol Clock {}\n")
    let built = try workspace.run(analyze)
    #expect(!built.stderr.contains("answer cache:"), "\(built.stderr)")
    try workspace.write("Sources/ClockImpl.swift", "final class ClockImpl: Clock {}\n")
    let satisfied = try workspace.run(analyze)
    #expect(
      satisfied.stderr
        == "summary cache: 5 reused, 1 parsed\n" + Self.updated + "0 errors, 0 warnings\n"
    )
    #expect(satisfied.stdout == (try workspace.run(["analyze", "--no-cache", "--output-file", "Deps.swift"]).stdout))
    let generate = ["generate", "--verbose", "--output-file", "Deps.swift"]
    // `generate` as a run without a cache writes it, for ``expectFresh(_:_:_:)``.
    let fresh = Array(generate.dropLast())
    #expect(try workspace.run(generate).stderr.hasSuffix("wrote Deps.swift\n"))
    try workspace.write("Sources/Timer.swift", "final class TimerImpl { init(clock: Clock) {} }\n")
    let spliced = try workspace.run(generate)
    #expect(spliced.stderr == "summary cache: 6 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n")
    try Self.expectFresh(workspace, fresh, "a file added")
    #expect(workspace.read("Deps.swift")?.contains("TimerImpl(clock: ") == true)
    // A file removed is a change to an empty file: one nothing reads, one with a provider
    // nothing needs keep the answer; one with a provider something needs does not.
    try FileManager.default.removeItem(at: workspace.url("Sources/Helper.swift"))
    let unread = try workspace.run(generate)
    #expect(
      unread.stderr
        == "summary cache: 6 reused, 0 parsed\n" + Self.updated + "Deps.swift is up to date\n"
    )
    try FileManager.default.removeItem(at: workspace.url("Sources/Timer.swift"))
    let unneeded = try workspace.run(generate)
    #expect(
      unneeded.stderr
        == "summary cache: 5 reused, 0 parsed\n" + Self.updated + "wrote Deps.swift\n"
    )
    try Self.expectFresh(workspace, fresh, "a file removed")
    #expect(workspace.read("Deps.swift")?.contains("TimerImpl") == false)
    try FileManager.default.removeItem(at: workspace.url("Sources/ClockImpl.swift"))
    let needed = try workspace.run(generate)
    #expect(needed.status == 1 && !needed.stderr.contains("answer cache:"), "\(needed.stderr)")
    // Two added and one removed (one file more, but not the same others): the graph is built.
    try FileManager.default.removeItem(at: workspace.url("Sources/Cache.swift"))
    try workspace.write("Sources/A.swift", "protocol A {}\n")
    try workspace.write("Sources/B.swift", "protocol B {}\n")
    let two = try workspace.run(generate)
    // The host state kept by the run before is updated with them.
    #expect(
      two.stderr.hasPrefix(
        "summary cache: 3 reused, 2 parsed\nhost state: the kept state updated with 3 changed files\nSources/Feed.swift"
      ),
      "\(two.stderr)")
  }
}

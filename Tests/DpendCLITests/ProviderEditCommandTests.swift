import DpendTestSupport
import Foundation
import Testing

extension AnswerCacheCommandTests {

  /// A second initializer after a provider's first, or put first: each run goes on from the
  /// host state and writes what a run without a cache writes.
  @Test(arguments: ["dip", "static"])
  func aSecondInitializerIsWrittenAsAFreshRunWritesIt(container: String) throws {
    let files = [
      ".dpend.json": Self.implSettings,
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n",
    ]
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let generate = Self.generate(container)
    #expect(try workspace.run(generate + ["Deps.swift"]).status == 0)
    let feed = files["Sources/Feed.swift"]!
    for text in [
      feed.replacing("  init(store: Store) {}\n", with: "  init(store: Store) {}\n  init() {}\n"),
      "// Feeds.\n" + feed,
    ] {
      try workspace.write("Sources/Feed.swift", text)
      #expect(
        try workspace.run(generate + ["Deps.swift"]).stderr
          == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "Deps.swift is up to date\n", "\(text)")
      try Self.expectFresh(workspace, generate, text)
    }
    let first = feed.replacing("  init(store: Store) {}\n", with: "  init() {}\n  init(store: Store) {}\n")
    try workspace.write("Sources/Feed.swift", first)
    #expect(
      try workspace.run(generate + ["Deps.swift"]).stderr == "summary cache: 1 reused, 1 parsed\n" + Self.updated
        + "wrote Deps.swift\n")
    try Self.expectFresh(workspace, generate, "first")
  }

  /// A factory given other parameters, one closing a cycle and the fix, one needing keys
  /// nothing provides and the fix: each run goes on from the host state, reports what a run
  /// without a cache reports, and writes the same code, for every container.
  @Test(arguments: ["dip", "static", "swinject"])
  func aRewiredFactoryIsWrittenAsAFreshRunWritesIt(container: String) throws {
    let files = [
      ".dpend.json": Self.implSettings,
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\n",
      "Sources/Clock.swift": "protocol Clock {}\nfinal class ClockImpl: Clock {}\n",
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed { init(store: Store) {} }\n",
    ]
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let generate = Self.generate(container)
    func expectFresh(_ step: String) throws { try Self.expectFresh(workspace, generate, step) }
    #expect(try workspace.run(generate + ["Deps.swift"]).status == 0)
    let feed = files["Sources/Feed.swift"]!
    let edits = [
      ("Sources/Feed.swift", feed.replacing("store: Store", with: "store: Store, clock: Clock")),
      ("Sources/Feed.swift", feed.replacing("store: Store", with: "clock: Clock")),
      ("Sources/Feed.swift", "\n" + feed.replacing("store: Store", with: "s: Store, clock: Clock?")),
      ("Sources/Store.swift", "protocol Store {}\nfinal class StoreImpl: Store { init(clock: Clock) {} }\n"),
    ]
    for (path, text) in edits {
      try workspace.write(path, text)
      let spliced = try workspace.run(generate + ["Deps.swift"])
      #expect(spliced.stderr == "summary cache: 2 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n", "\(text)")
      try expectFresh(text)
    }
    #expect(workspace.read("Deps.swift")?.contains("FeedImpl(s: ") == true)
    // `analyze` too.
    try workspace.write("Sources/Feed.swift", feed)
    let analyzed = try workspace.run(["analyze", "--verbose", "--output-file", "Deps.swift"])
    #expect(analyzed.stderr == "summary cache: 2 reused, 1 parsed\n" + Self.updated + "0 errors, 0 warnings\n")
    // A cycle (`Clock` needs `Store`, which needs `Clock`), and the run after it.
    try workspace.write(
      "Sources/Clock.swift", "protocol Clock {}\nfinal class ClockImpl: Clock { init(store: Store) {} }\n")
    let cycle = try workspace.run(generate + ["Deps.swift"])
    #expect(cycle.status == 1)
    #expect(
      cycle.stderr.hasPrefix("summary cache: 2 reused, 1 parsed\n" + Self.updated + "Sources/"), "\(cycle.stderr)")
    #expect(cycle.stderr.contains("dependency cycle"))
    // Broken again: the graph built with the cycle kept the registrations its code would
    // have, and the code is written from them with `Clock`'s factory rewired.
    try workspace.write("Sources/Clock.swift", files["Sources/Clock.swift"]!)
    #expect(
      try workspace.run(generate + ["Deps.swift"]).stderr
        == "summary cache: 2 reused, 1 parsed\n"
        + Self.updated
        + "wrote Deps.swift\n")
    try expectFresh("cycle broken")
    // A key nothing provides, needed, needed twice with other parameters, with a second
    // one, then neither.

    for (text, line) in [
      (feed.replacing("store: Store", with: "store: Store, disk: Disk"), Self.updated),
      ("\n" + feed.replacing("store: Store", with: "disk: Disk, clock: Clock, backup: Disk"), Self.updated),
      (feed.replacing("store: Store", with: "disk: Disk, clock: Clock, cache: Cache"), Self.updated),
    ] {
      try workspace.write("Sources/Feed.swift", text)
      let kept = try workspace.run(generate + ["Deps.swift"])
      #expect(kept.status == 1, "\(text)")
      let fresh = try workspace.run(generate + ["Fresh.swift", "--no-cache"])
      #expect(fresh.status == 1)
      #expect(
        kept.stderr
          == fresh.stderr.replacing(
            "summary cache: off, 3 parsed\n",
            with: "summary cache: 2 reused, 1 parsed\n" + line
          ).replacing("Fresh.swift", with: "Deps.swift"), "\(text)")
      #expect(kept.stderr.contains("nothing provides 'Disk'"))
    }
    try workspace.write("Sources/Feed.swift", feed.replacing("store: Store", with: "clock: Clock, store: Store"))
    let fixed = try workspace.run(generate + ["Deps.swift"])
    #expect(fixed.stderr == "summary cache: 2 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n")
    try expectFresh("fixed")
    #expect(workspace.read("Deps.swift")?.contains("FeedImpl(clock: ") == true)
  }
}

extension AnswerCacheCommandTests {
  /// The edit loop of a new dependency: a factory needs a protocol nothing implements yet
  /// (an error), then a file with its implementation is added (its first provider: the
  /// error goes). Both go on from the host state, and the code written after the second is
  /// byte for byte what a run without a cache writes.
  @Test(arguments: ["dip", "static", "swinject"])
  func aNeededKeysFirstProviderIsWrittenAfterItsError(container: String) throws {
    let files = [
      ".dpend.json": Self.implSettings,
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\nprotocol Disk {}\n",
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed { init(store: Store) {} }\n",
    ]
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let generate = Self.generate(container)
    #expect(try workspace.run(generate + ["Deps.swift"]).status == 0)
    try workspace.write(
      "Sources/Feed.swift", files["Sources/Feed.swift"]!.replacing("store: Store", with: "disk: Disk"))
    let failing = try workspace.run(generate + ["Deps.swift"])
    #expect(failing.status == 1)
    #expect(failing.stderr.hasPrefix("summary cache: 1 reused, 1 parsed\n" + Self.updated), "\(failing.stderr)")
    try workspace.write("Sources/DiskImpl.swift", "final class DiskImpl: Disk { init(store: Store) {} }\n")
    let provided = try workspace.run(generate + ["Deps.swift"])
    #expect(
      provided.stderr
        == "summary cache: 2 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n"
    )
    try Self.expectFresh(workspace, generate, "provided")
    #expect(workspace.read("Deps.swift")?.contains("DiskImpl(store: ") == true)
  }
}

extension AnswerCacheCommandTests {
  /// Edits of a provider class: a method added or its signature changed, a conformance
  /// added or given up, the class renamed, a conformance something needs given up (an
  /// error): each run goes on from the host state and writes what a run without a cache
  /// writes.
  @Test(arguments: ["dip", "static", "swinject"])
  func aProviderClassesMethodsAndConformancesAreWrittenAsAFreshRunWritesThem(container: String) throws {
    let files = [
      ".dpend.json": Self.implSettings,
      "Sources/Store.swift": "protocol Store {}\nfinal class StoreImpl: Store {}\nprotocol Purgeable {}\n",
      "Sources/Feed.swift": "protocol Feed {}\nfinal class FeedImpl: Feed {\n  init(store: Store) {}\n}\n",
    ]
    let workspace = try TemporaryWorkspace(files)
    defer { workspace.remove() }
    let generate = Self.generate(container)
    #expect(try workspace.run(generate + ["Deps.swift"]).status == 0)
    let feed = files["Sources/Feed.swift"]!
    let store = files["Sources/Store.swift"]!
    // A method added above the initializer (which moves), then given a parameter.
    for text in [
      feed.replacing("  init(", with: "  func refresh() {}\n  init("),
      feed.replacing("  init(", with: "  func refresh(all: Bool) {}\n  init("),
    ] {
      try workspace.write("Sources/Feed.swift", text)
      #expect(
        try workspace.run(generate + ["Deps.swift"]).stderr
          == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "Deps.swift is up to date\n", "\(text)")
    }
    for (path, text) in [
      ("Sources/Store.swift", store.replacing("StoreImpl: Store", with: "StoreImpl: Store, Purgeable")),
      ("Sources/Feed.swift", feed.replacing("FeedImpl: Feed", with: "FeedImpl")),
    ] {
      try workspace.write(path, text)
      #expect(
        try workspace.run(generate + ["Deps.swift"]).stderr
          == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n", "\(text)")
      try Self.expectFresh(workspace, generate, text)
    }
    #expect(workspace.read("Deps.swift")?.contains("Purgeable") == true)
    // The provider of `Store` renamed: its key's only factory is made by another class.
    try workspace.write(
      "Sources/Store.swift", store.replacing("StoreImpl: Store", with: "DiskStoreImpl: Store, Purgeable"))
    #expect(
      try workspace.run(generate + ["Deps.swift"]).stderr
        == "summary cache: 1 reused, 1 parsed\n" + Self.updated + "wrote Deps.swift\n"
    )
    try Self.expectFresh(workspace, generate, "renamed")
    #expect(workspace.read("Deps.swift")?.contains("DiskStoreImpl()") == true)
    // `FeedImpl` needs `Store`.
    try workspace.write("Sources/Store.swift", store.replacing("StoreImpl: Store", with: "StoreImpl: Purgeable"))
    let failing = try workspace.run(generate + ["Deps.swift"])
    #expect(failing.status == 1)
    #expect(
      failing.stderr.hasPrefix("summary cache: 1 reused, 1 parsed\n" + Self.updated + "Sources/Feed.swift:3:"),
      "\(failing.stderr)")
  }
}

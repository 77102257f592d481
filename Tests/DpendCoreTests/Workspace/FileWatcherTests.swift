import DpendTestSupport
import Foundation
import Synchronization
import Testing

@testable import DpendWorkspace

/// Collects the batches a ``FileWatcher`` delivers, from any thread.
private final class ChangeRecorder: Sendable {
  private let batches = Mutex<[[FileChange]]>([])

  func record(_ batch: [FileChange]) {
    batches.withLock { $0.append(batch) }
  }

  /// Every batch so far.
  var all: [[FileChange]] { batches.withLock { $0 } }

  /// Every change so far.
  var changes: Set<FileChange> { Set(all.joined()) }

  func reset() {
    batches.withLock { $0 = [] }
  }

  /// Waits until every change in `expected` has arrived or `timeout` has passed, and returns
  /// what arrived (so a test can compare exactly).
  @discardableResult
  func wait(for expected: Set<FileChange>, timeout: Duration = .seconds(5)) async throws -> Set<FileChange> {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !expected.isSubset(of: changes), clock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    return changes
  }

  /// Waits for `expected` (see ``wait(for:timeout:)``) and expects exactly it.
  func expect(
    _ expected: Set<FileChange>, timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let arrived = try await wait(for: expected, timeout: timeout)
    #expect(arrived == expected, sourceLocation: sourceLocation)
  }

  /// Waits until no batch has arrived for `quiet` (at most `timeout`), so that a test can
  /// start its next step without stragglers of the previous one.
  func settle(quiet: Duration = .milliseconds(300), timeout: Duration = .seconds(3)) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    var count = all.count
    var lastChange = clock.now
    while clock.now < deadline, clock.now - lastChange < quiet {
      try await Task.sleep(for: .milliseconds(10))
      let now = all.count
      if now != count {
        count = now
        lastChange = clock.now
      }
    }
  }
}

/// A fresh temporary directory holding `files` (relative paths), for a watcher to watch; tests
/// remove it with `defer { tree.cleanUp() }`, which also keeps it until the last wait is over.
/// The current directory is process-wide and tests run in parallel, so paths are absolute.
private struct TemporaryTree {
  let workspace: TemporaryWorkspace

  init(_ files: [String] = []) throws {
    workspace = try TemporaryWorkspace(prefix: "dpend-watch")
    for file in files { try write(file) }
  }

  /// The absolute path of the directory.
  var root: String { workspace.root.path }

  func cleanUp() { workspace.remove() }

  func path(_ relative: String) -> String { workspace.path(relative) }

  /// Writes `text` through a hidden temporary file and a rename (as editors and generators
  /// do), so no watcher can see the file half written; creates directories as needed.
  func write(_ relative: String, _ text: String = "// file\n") throws {
    let url = URL(fileURLWithPath: path(relative))
    let directory = url.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
  }

  /// Rewrites an existing file in place (truncate and write), which watchers see as a change.
  func overwrite(_ relative: String, _ text: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path(relative)))
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(text.utf8))
  }

  func makeDirectory(_ relative: String) throws { try workspace.makeDirectory(relative) }

  func remove(_ relative: String) throws { try workspace.remove(relative) }

  func move(_ from: String, _ to: String) throws {
    try FileManager.default.moveItem(atPath: path(from), toPath: path(to))
  }
}

@Suite struct FileWatcherTests {
  /// Both ways of watching: `false` is inotify on Linux, `true` is forced polling.
  static let modes = [false, true]

  private func watch(_ tree: TemporaryTree, polling: Bool) -> (FileWatcher, ChangeRecorder) {
    let recorder = ChangeRecorder()
    let watcher = FileWatcher(roots: [tree.root], forcePolling: polling, pollingInterval: 0.1) {
      recorder.record($0)
    }
    return (watcher, recorder)
  }

  private func created(_ path: String) -> FileChange { FileChange(path: path, kind: .created) }
  private func changed(_ path: String) -> FileChange { FileChange(path: path, kind: .changed) }
  private func deleted(_ path: String) -> FileChange { FileChange(path: path, kind: .deleted) }

  @Test func isWatchedTruthTable() {
    #expect(FileWatcher.isWatched("/w/Sources/App.swift"))
    #expect(FileWatcher.isWatched("App.swift"))
    #expect(FileWatcher.isWatched("/w/.dpend.json"))
    #expect(FileWatcher.isWatched("/w/Sources/.dpend.json"))
    #expect(FileWatcher.isWatched("/w/Libraries/Network.dpendmodule"))
    #expect(FileWatcher.isWatched("/w/App.xcodeproj/project.pbxproj"))
    #expect(FileWatcher.isWatched("/w/project.yml"))
    #expect(!FileWatcher.isWatched("/w/App.xcodeproj/project.pbxproj.orig"))
    // Any YAML file may be a spec `project.yml` includes: the workspace tells which is.
    #expect(FileWatcher.isWatched("/w/Widget/target.yml"))
    #expect(FileWatcher.isWatched("/w/Widget/target.yaml"))
    #expect(!FileWatcher.isWatched("/w/widget.yml.orig"))
    #expect(FileWatcher.isWatched("/w/.hidden/App.swift"), "only the file name is judged")
    #expect(!FileWatcher.isWatched("/w/notes.txt"))
    #expect(!FileWatcher.isWatched("/w/App.swift.orig"))
    #expect(!FileWatcher.isWatched("/w/App.Swift"))
    #expect(!FileWatcher.isWatched("/w/.App.swift"))
    #expect(!FileWatcher.isWatched("/w/dpend.json"))
    #expect(!FileWatcher.isWatched("/w/.dpend.json.bak"))
    #expect(!FileWatcher.isWatched("/w/x.dpendmodule.tmp"))
    #expect(!FileWatcher.isWatched("/w/Sources"))
    #expect(!FileWatcher.isWatched(""))
  }

  @Test(arguments: modes) func usesInotifyOnLinuxUnlessPollingIsForced(polling: Bool) throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let (watcher, _) = watch(tree, polling: polling)
    defer { watcher.stop() }
    #if canImport(Glibc)
      #expect(watcher.usesInotify == !polling)
    #else
      #expect(!watcher.usesInotify)
    #endif
  }

  @Test(arguments: modes) func reportsACreatedFile(polling: Bool) async throws {
    let tree = try TemporaryTree(["Sources/Old.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.write("Sources/New.swift")
    let expected: Set = [created(tree.path("Sources/New.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func reportsAChangedFile(polling: Bool) async throws {
    let tree = try TemporaryTree(["Sources/App.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.overwrite("Sources/App.swift", "// changed, and longer than before\n")
    let expected: Set = [changed(tree.path("Sources/App.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func reportsADeletedFile(polling: Bool) async throws {
    let tree = try TemporaryTree(["Sources/App.swift", "Sources/Other.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.remove("Sources/App.swift")
    let expected: Set = [deleted(tree.path("Sources/App.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func createChangeDeleteInTurn(polling: Bool) async throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    let file = tree.path("A.swift")
    try tree.write("A.swift")
    try await recorder.expect([created(file)])
    try await recorder.settle()
    recorder.reset()
    try tree.overwrite("A.swift", "// a second version\n")
    try await recorder.expect([changed(file)])
    try await recorder.settle()
    recorder.reset()
    try tree.remove("A.swift")
    try await recorder.expect([deleted(file)])
  }

  @Test(arguments: modes) func reportsARenameAsDeletedAndCreated(polling: Bool) async throws {
    let tree = try TemporaryTree(["Sources/Old.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.move("Sources/Old.swift", "Sources/New.swift")
    let expected: Set = [deleted(tree.path("Sources/Old.swift")), created(tree.path("Sources/New.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func watchesANewSubdirectory(polling: Bool) async throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.makeDirectory("Feature")
    // Give inotify time to see the directory first, so the file is an event in it.
    try await Task.sleep(for: .milliseconds(200))
    try tree.write("Feature/View.swift")
    let expected: Set = [created(tree.path("Feature/View.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func reportsFilesAlreadyInsideANewDirectory(polling: Bool) async throws {
    let outside = try TemporaryTree(["Module/A.swift", "Module/Deep/B.swift", "Module/readme.md"])
    defer { outside.cleanUp() }
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try FileManager.default.moveItem(atPath: outside.path("Module"), toPath: tree.path("Module"))
    let expected: Set = [created(tree.path("Module/A.swift")), created(tree.path("Module/Deep/B.swift"))]
    try await recorder.expect(expected)
    try await recorder.settle()
    recorder.reset()
    try tree.write("Module/Deep/C.swift")
    try await recorder.expect([created(tree.path("Module/Deep/C.swift"))])
  }

  @Test(arguments: modes) func aDeletedDirectoryReportsItsFiles(polling: Bool) async throws {
    let tree = try TemporaryTree(["Feature/A.swift", "Feature/Deep/B.swift", "Feature/notes.txt", "Keep.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.remove("Feature")
    let expected: Set = [deleted(tree.path("Feature/A.swift")), deleted(tree.path("Feature/Deep/B.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func aDirectoryMovedAwayReportsItsFiles(polling: Bool) async throws {
    let tree = try TemporaryTree(["Feature/A.swift", "Feature/Deep/B.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.move("Feature", "Renamed")
    let expected: Set = [
      deleted(tree.path("Feature/A.swift")), deleted(tree.path("Feature/Deep/B.swift")),
      created(tree.path("Renamed/A.swift")), created(tree.path("Renamed/Deep/B.swift")),
    ]
    try await recorder.expect(expected)
    try await recorder.settle()
    recorder.reset()
    try tree.overwrite("Renamed/Deep/B.swift", "// edited after the move\n")
    let edited: Set = [changed(tree.path("Renamed/Deep/B.swift"))]
    try await recorder.expect(edited)
  }

  @Test(arguments: modes) func reportsProjectFilesAndSkipsTheRest(polling: Bool) async throws {
    let tree = try TemporaryTree(["Sources/Keep.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try tree.makeDirectory(".build/debug")
    try tree.makeDirectory("node_modules/pkg")
    try tree.makeDirectory(".hidden")
    try await Task.sleep(for: .milliseconds(200))
    for ignored in [
      "notes.txt", "Sources/readme.md", ".build/debug/Generated.swift", "node_modules/pkg/Index.swift",
      ".hidden/Secret.swift", ".hidden/.dpend.json", "Sources/.Draft.swift",
    ] {
      try tree.write(ignored)
    }
    try tree.write(".dpend.json", "{}\n")
    try tree.write("Sources/.dpend.json", "{}\n")
    try tree.write("Libraries/Network.dpendmodule", "{}\n")
    let expected: Set = [
      created(tree.path(".dpend.json")), created(tree.path("Sources/.dpend.json")),
      created(tree.path("Libraries/Network.dpendmodule")),
    ]
    try await recorder.expect(expected)
    // Anything ignored would have come before (inotify) or with (polling) the expected.
    try await Task.sleep(for: .milliseconds(250))
    #expect(recorder.changes == expected)
  }

  @Test(arguments: modes) func symbolicLinksToDirectoriesAreNotFollowed(polling: Bool) async throws {
    let outside = try TemporaryTree(["Shared/Util.swift"])
    defer { outside.cleanUp() }
    let tree = try TemporaryTree(["Sources/App.swift"])
    defer { tree.cleanUp() }
    try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/Shared"), withDestinationPath: outside.root)
    try FileManager.default.createSymbolicLink(atPath: tree.path("Sources/Loop"), withDestinationPath: "..")
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    try outside.write("Shared/Util.swift", "// changed through the link target\n")
    try outside.write("Shared/More.swift")
    try await Task.sleep(for: .milliseconds(300))
    try tree.write("Sources/Marker.swift")
    let expected: Set = [created(tree.path("Sources/Marker.swift"))]
    try await recorder.expect(expected)
  }

  @Test(arguments: modes) func batchesAreSortedAndDeduplicated(polling: Bool) async throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    defer { watcher.stop() }
    let names = ["E.swift", "C.swift", "A.swift", "D.swift", "B.swift"]
    for name in names {
      try tree.write(name)
      // Polling may see the two versions in different scans; inotify merges them in one batch.
      if !polling { try tree.write(name, "// written twice\n") }
    }
    let expected = Set(names.map { created(tree.path($0)) })
    try await recorder.expect(expected)
    for batch in recorder.all {
      #expect(batch.map(\.path) == batch.map(\.path).sorted())
      #expect(Set(batch.map(\.path)).count == batch.count)
    }
    if !polling { #expect(recorder.all.count < names.count, "debounced into fewer batches") }
  }

  @Test(arguments: modes) func removingTheRootDoesNotCrashAndStopIsPrompt(polling: Bool) async throws {
    let tree = try TemporaryTree(["A.swift", "Sub/B.swift"])
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    try FileManager.default.removeItem(atPath: tree.root)
    let expected: Set = [deleted(tree.path("A.swift")), deleted(tree.path("Sub/B.swift"))]
    try await recorder.expect(expected)
    try await Task.sleep(for: .milliseconds(250))
    let elapsed = ContinuousClock().measure { watcher.stop() }
    #expect(elapsed < .seconds(1))
    watcher.stop()
  }

  @Test(arguments: modes) func nothingIsReportedAfterStop(polling: Bool) async throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let (watcher, recorder) = watch(tree, polling: polling)
    try tree.write("Before.swift")
    try await recorder.expect([created(tree.path("Before.swift"))])
    let elapsed = ContinuousClock().measure { watcher.stop() }
    #expect(elapsed < .seconds(1))
    recorder.reset()
    try tree.write("After.swift")
    try await Task.sleep(for: .milliseconds(400))
    #expect(recorder.all.isEmpty)
  }

  @Test func aWatcherThatIsReleasedStops() async throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let recorder = ChangeRecorder()
    do {
      let watcher = FileWatcher(roots: [tree.root]) { recorder.record($0) }
      _ = watcher.usesInotify
    }
    try tree.write("After.swift")
    try await Task.sleep(for: .milliseconds(300))
    #expect(recorder.all.isEmpty)
  }

  @Test func missingRootsAreIgnored() async throws {
    let tree = try TemporaryTree()
    defer { tree.cleanUp() }
    let recorder = ChangeRecorder()
    let watcher = FileWatcher(roots: [tree.path("Missing"), tree.root + "/"]) { recorder.record($0) }
    defer { watcher.stop() }
    try tree.write("A.swift")
    let expected: Set = [FileChange(path: tree.path("A.swift"), kind: .created)]
    try await recorder.expect(expected)
  }

  #if canImport(Glibc)
    @Test func fallsBackToPollingWhenTheWatchLimitIsReachedAtStart() async throws {
      let tree = try TemporaryTree(["Sources/App.swift"])
      defer { tree.cleanUp() }
      let recorder = ChangeRecorder()
      let watcher = FileWatcher(
        roots: [tree.root], forcePolling: false, pollingInterval: 0.1, watchLimit: 1
      ) { recorder.record($0) }
      defer { watcher.stop() }
      #expect(!watcher.usesInotify)
      try tree.write("Sources/New.swift")
      let expected: Set = [created(tree.path("Sources/New.swift"))]
      try await recorder.expect(expected)
    }

    @Test func fallsBackToPollingWhenTheWatchLimitIsReachedLater() async throws {
      let tree = try TemporaryTree(["App.swift"])
      defer { tree.cleanUp() }
      let recorder = ChangeRecorder()
      let watcher = FileWatcher(
        roots: [tree.root], forcePolling: false, pollingInterval: 0.1, watchLimit: 1
      ) { recorder.record($0) }
      defer { watcher.stop() }
      #expect(watcher.usesInotify)
      try tree.write("Feature/View.swift")
      let expected: Set = [created(tree.path("Feature/View.swift"))]
      try await recorder.expect(expected)
      #expect(!watcher.usesInotify)
      try await recorder.settle()
      recorder.reset()
      try tree.remove("App.swift")
      let removed: Set = [deleted(tree.path("App.swift"))]
      try await recorder.expect(removed)
    }
  #endif

  #if canImport(Glibc)
    @Test func stopWaitsForTheInotifyThreadToCloseTheDescriptor() async throws {
      let tree = try TemporaryTree()
      defer { tree.cleanUp() }
      let batcher = ChangeBatcher { _ in }
      let inotify = try #require(InotifyWatcher(roots: [tree.root], watchLimit: nil, batcher: batcher) { _ in })
      inotify.start()
      try await Task.sleep(for: .milliseconds(30))
      #expect(!inotify.isClosed)
      let elapsed = ContinuousClock().measure { inotify.stop() }
      #expect(inotify.isClosed)
      #expect(elapsed < .seconds(1))
      inotify.stop()
    }

    @Test func inotifyGivesWayWhenTheWatchLimitIsReachedAtStart() throws {
      let tree = try TemporaryTree(["Sub/A.swift"])
      defer { tree.cleanUp() }
      let batcher = ChangeBatcher { _ in }
      #expect(InotifyWatcher(roots: [tree.root], watchLimit: 1, batcher: batcher) { _ in } == nil)
    }
  #endif

  @Test func mergingKeepsTheNetEffect() {
    #expect(ChangeBatcher.merge(nil, .changed) == .changed)
    #expect(ChangeBatcher.merge(.created, .changed) == .created)
    #expect(ChangeBatcher.merge(.created, .deleted) == nil)
    #expect(ChangeBatcher.merge(.changed, .deleted) == .deleted)
    #expect(ChangeBatcher.merge(.deleted, .created) == .changed)
    #expect(ChangeBatcher.merge(.changed, .changed) == .changed)
  }
}

import Dispatch
import DpendModel
import Foundation

/// A change seen on disk.
public struct FileChange: Hashable, Sendable {
  /// What happened to the file.
  public enum Kind: Hashable, Sendable {
    /// The file appeared (created, moved or renamed into a watched directory).
    case created
    /// The file's content or modification date changed, or it was replaced.
    case changed
    /// The file disappeared (deleted, moved or renamed away).
    case deleted
  }

  /// The absolute path of the file.
  public var path: String
  /// What happened to it.
  public var kind: Kind

  /// A change of `kind` to the file at `path`.
  public init(path: String, kind: Kind) {
    self.path = path
    self.kind = kind
  }
}

/// Follows the files of some directory trees and reports changes in batches.
///
/// Used by the language server when its client cannot watch files: another program (git,
/// a code generator) may create, change, delete or rename sources at any time.
///
/// The trees are searched like ``SourceDiscovery`` does: hidden entries, `.build` and
/// `node_modules` are skipped (except a `.dpend.json` file, reported in any watched
/// directory), and symbolic links to directories are not followed. Files present when
/// watching starts are not reported.
public final class FileWatcher: Sendable {
  /// What watches the disk right now. Locked because ``stop()`` and deinit may run on any
  /// thread while inotify falls back to polling on its own thread.
  private let backend = Locked<Backend>(.stopped)
  private let batcher: ChangeBatcher

  private enum Backend: Sendable {
    case inotify(WatchBackend)
    case polling(WatchBackend)
    case stopped
  }

  /// Which files are reported: `.swift` files, files named `.dpend.json`, `*.dpendmodule` files,
  /// and the project files build targets are read from (`project.pbxproj`, `Package.swift`,
  /// `project.yml` and the `.yml`/`.yaml` specs it includes, whatever their names).
  ///
  /// Only the last component of `path` is considered (directories are judged by the watcher,
  /// relative to its roots). Hidden names other than `.dpend.json` are not reported.
  public static func isWatched(_ path: String) -> Bool {
    let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
    if name == ProjectFileNames.configuration { return true }
    if name.hasPrefix(".") { return false }
    return name.hasSuffix(".swift") || name.hasSuffix(".dpendmodule") || ProjectFileNames.isTargets(name)
      || ProjectFileNames.mayBeIncludedSpec(name)
  }

  /// Starts watching `roots` (absolute directory paths) recursively with inotify on Linux,
  /// or by polling every `pollingInterval` seconds elsewhere or when `forcePolling` is true.
  /// `handler` is called on a background thread with each batch of changes (debounced: changes
  /// arriving within ~50 ms are delivered together, de-duplicated, in path order).
  ///
  /// Roots that do not exist are ignored. When inotify cannot be set up (for example, the
  /// system's watch limit is reached) the watcher polls instead; see ``usesInotify``.
  public convenience init(
    roots: [String], forcePolling: Bool = false, pollingInterval: Double = 0.5,
    handler: @escaping @Sendable ([FileChange]) -> Void
  ) {
    self.init(
      roots: roots, forcePolling: forcePolling, pollingInterval: pollingInterval, watchLimit: nil, handler: handler)
  }

  /// As the public initializer; `watchLimit` caps the number of inotify watches so tests
  /// can exercise the fall back to polling.
  init(
    roots: [String], forcePolling: Bool, pollingInterval: Double, watchLimit: Int?,
    handler: @escaping @Sendable ([FileChange]) -> Void
  ) {
    let roots = roots.map(WatchedTree.normalizedRoot)
    let interval = pollingInterval > 0 ? pollingInterval : 0.5
    batcher = ChangeBatcher(handler: handler)
    #if canImport(Glibc)
      if !forcePolling {
        let fallBack: @Sendable (Set<String>) -> Void = { [weak self] known in
          self?.fallBackToPolling(roots: roots, interval: interval, known: known)
        }
        if let inotify = InotifyWatcher(
          roots: roots, watchLimit: watchLimit, batcher: batcher, onFailure: fallBack)
        {
          backend.withLock { $0 = .inotify(inotify) }
          inotify.start()
          return
        }
      }
    #endif
    let polling = PollingWatcher(roots: roots, interval: interval, batcher: batcher, previouslyKnown: nil)
    backend.withLock { $0 = .polling(polling) }
  }

  deinit {
    stop()
  }

  /// `true` when inotify is in use.
  public var usesInotify: Bool {
    backend.withLock {
      if case .inotify = $0 { return true }
      return false
    }
  }

  /// Stops watching and releases the inotify descriptor / timer. Idempotent; also done on deinit.
  ///
  /// No batch is delivered after `stop()` returns, except one the handler is already running.
  public func stop() {
    batcher.stop()
    // Take the backend out under the lock, but stop it outside: stopping inotify waits for
    // its thread, which may itself be waiting for this lock to fall back to polling.
    let old = backend.withLock { state -> WatchBackend? in
      defer { state = .stopped }
      switch state {
      case .inotify(let watcher), .polling(let watcher): return watcher
      case .stopped: return nil
      }
    }
    old?.stop()
  }

  /// Called on the inotify thread when a watch cannot be added after start: polls instead,
  /// reporting what changed between what inotify knew and the first scan.
  private func fallBackToPolling(roots: [String], interval: Double, known: Set<String>) {
    backend.withLock { state in
      guard case .inotify = state else { return }
      state = .polling(PollingWatcher(roots: roots, interval: interval, batcher: batcher, previouslyKnown: known))
    }
  }
}

/// What ``FileWatcher`` delegates the watching to.
protocol WatchBackend: AnyObject, Sendable {
  /// Stops watching; idempotent. Returns once no more changes will come from the backend.
  func stop()
}

/// File names with a meaning to dpend.
enum ProjectFileNames {
  /// The project configuration, reported even though its name is hidden.
  static let configuration = ".dpend.json"

  /// `true` for a file the build targets are read from (SPEC 8.6).
  static func isTargets(_ name: String) -> Bool { name == "project.pbxproj" || SourceDiscovery.isProjectFile(name) }

  /// `true` for a file an XcodeGen spec may include (`App/target.yml`): whether one does is the
  /// workspace's to tell (``BuildTargets/projectFiles``).
  static func mayBeIncludedSpec(_ name: String) -> Bool { name.hasSuffix(".yml") || name.hasSuffix(".yaml") }

  /// `true` for what marks an Xcode project's folder: a project, a workspace, or the XcodeGen
  /// spec one is made from.
  static func isXcodeProject(_ name: String) -> Bool {
    name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace") || name == "project.yml"
  }

  /// `true` for what marks a workspace root (SPEC 9): a package, an Xcode project, the
  /// configuration, a repository.
  static func isRootMarker(_ name: String) -> Bool {
    name == "Package.swift" || name == configuration || name == ".git" || isXcodeProject(name)
  }
}

/// The rules both backends use to decide what is part of a watched tree.
enum WatchedTree {
  /// `true` when a directory named `name`, inside a watched tree, is searched.
  static func isSearchedDirectory(_ name: String) -> Bool {
    !name.hasPrefix(".") && !SourceDiscovery.skippedDirectoryNames.contains(name)
  }

  /// `directory/name`.
  static func join(_ directory: String, _ name: String) -> String {
    directory == "/" ? "/" + name : directory + "/" + name
  }

  /// A root without trailing slashes, so joined paths have exactly one separator.
  static func normalizedRoot(_ root: String) -> String {
    var result = root
    while result.count > 1, result.hasSuffix("/") { result.removeLast() }
    return result
  }

  /// `true` when `path` is `directory` or lies below it.
  static func isWithin(_ path: String, _ directory: String) -> Bool {
    path == directory || path.hasPrefix(directory == "/" ? "/" : directory + "/")
  }
}

/// Collects changes and hands them to the handler in debounced, de-duplicated, sorted batches
/// on its own serial queue.
final class ChangeBatcher: Sendable {
  /// How long the stream of changes must pause before a batch is delivered.
  static let quietPeriod = 0.05
  /// The longest a change waits while changes keep coming.
  static let maximumDelay = 0.5

  private let handler: @Sendable ([FileChange]) -> Void
  private let queue = DispatchQueue(label: "dpend.file-watcher.delivery")
  private let state = Locked(State())

  private struct State {
    var pending: [String: FileChange.Kind] = [:]
    var generation = 0
    var firstPending: DispatchTime?
    var stopped = false
  }

  init(handler: @escaping @Sendable ([FileChange]) -> Void) {
    self.handler = handler
  }

  /// Queues `changes` for the next batch.
  func add(_ changes: [FileChange]) {
    guard !changes.isEmpty else { return }
    let generation = state.withLock { state -> Int? in
      guard !state.stopped else { return nil }
      for change in changes {
        state.pending[change.path] = Self.merge(state.pending[change.path], change.kind)
      }
      if state.firstPending == nil { state.firstPending = .now() }
      state.generation += 1
      return state.generation
    }
    guard let generation else { return }
    queue.asyncAfter(deadline: .now() + Self.quietPeriod) { [self] in deliver(ifStillAt: generation) }
  }

  /// Drops pending changes; no batch is delivered afterwards.
  func stop() {
    state.withLock {
      $0.stopped = true
      $0.pending = [:]
    }
  }

  private func deliver(ifStillAt generation: Int) {
    let batch = state.withLock { state -> [FileChange] in
      guard !state.stopped, let first = state.firstPending else { return [] }
      let waited = Double(DispatchTime.now().uptimeNanoseconds - first.uptimeNanoseconds) / 1e9
      guard state.generation == generation || waited >= Self.maximumDelay else { return [] }
      defer {
        state.pending = [:]
        state.firstPending = nil
      }
      return state.pending.map { FileChange(path: $0.key, kind: $0.value) }.sorted { $0.path < $1.path }
    }
    if !batch.isEmpty { handler(batch) }
  }

  /// The net effect of `earlier` followed by `later` on one path within a batch; `nil` when
  /// the file came and went.
  static func merge(_ earlier: FileChange.Kind?, _ later: FileChange.Kind) -> FileChange.Kind? {
    switch (earlier, later) {
    case (nil, _): return later
    case (.created, .deleted): return nil
    case (.created, _): return .created
    case (.changed, .deleted), (.deleted, .deleted): return .deleted
    case (.changed, _), (.deleted, _): return .changed
    }
  }
}

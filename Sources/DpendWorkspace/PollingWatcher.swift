import Dispatch
import DpendModel
import Foundation

/// Watches by scanning the trees at an interval and comparing each watched file's
/// modification date, size and file number with the previous scan. Portable, but costs a
/// scan per interval and misses changes that keep all three.
final class PollingWatcher: WatchBackend {
  private let roots: [String]
  private let batcher: ChangeBatcher
  private let queue = DispatchQueue(label: "dpend.file-watcher.polling")
  /// The timer, and the last scan; both used on `queue` and by `stop()`.
  private let state: Locked<State>

  private struct State {
    var timer: DispatchSourceTimer?
    var snapshot: [String: Stamp]
  }

  /// What is compared between scans.
  struct Stamp: Equatable {
    var modified: Date?
    var size: UInt64?
    var fileNumber: UInt64?
  }

  /// Scans once as the baseline and starts the timer.
  /// - Parameter previouslyKnown: files another backend knew of; when given, the difference
  ///   between them and the baseline is reported at once.
  init(roots: [String], interval: Double, batcher: ChangeBatcher, previouslyKnown: Set<String>?) {
    self.roots = roots
    self.batcher = batcher
    let baseline = Self.scan(roots)
    state = Locked(State(timer: nil, snapshot: baseline))
    if let previouslyKnown {
      let now = Set(baseline.keys)
      batcher.add(
        now.subtracting(previouslyKnown).map { FileChange(path: $0, kind: .created) }
          + previouslyKnown.subtracting(now).map { FileChange(path: $0, kind: .deleted) })
    }
    // The timer is made and kept inside the lock: it is not Sendable, so it never leaves it.
    let nanoseconds = Int(interval * 1e9)
    state.withLock { state in
      let timer = DispatchSource.makeTimerSource(queue: queue)
      timer.schedule(
        deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
        leeway: .nanoseconds(nanoseconds / 10))
      timer.setEventHandler { [weak self] in self?.poll() }
      state.timer = timer
      timer.resume()
    }
  }

  deinit {
    stop()
  }

  func stop() {
    state.withLock { state in
      state.timer?.cancel()
      state.timer = nil
    }
  }

  private func poll() {
    let current = Self.scan(roots)
    let changes = state.withLock { state -> [FileChange] in
      guard state.timer != nil else { return [] }
      defer { state.snapshot = current }
      return Self.differences(from: state.snapshot, to: current)
    }
    batcher.add(changes)
  }

  /// What changed between two scans.
  static func differences(from old: [String: Stamp], to new: [String: Stamp]) -> [FileChange] {
    var changes: [FileChange] = []
    for (path, stamp) in new {
      if let before = old[path] {
        if before != stamp { changes.append(FileChange(path: path, kind: .changed)) }
      } else {
        changes.append(FileChange(path: path, kind: .created))
      }
    }
    for path in old.keys where new[path] == nil {
      changes.append(FileChange(path: path, kind: .deleted))
    }
    return changes
  }

  /// The watched files under `roots` with their stamps. Missing roots contribute nothing.
  static func scan(_ roots: [String]) -> [String: Stamp] {
    var found: [String: Stamp] = [:]
    for root in roots {
      var isDirectory: ObjCBool = false
      // The root itself may be a symbolic link to a directory; links below it are not followed.
      guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
        continue
      }
      scanDirectory(root, into: &found)
    }
    return found
  }

  private static func scanDirectory(_ directory: String, into found: inout [String: Stamp]) {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
    for name in names {
      let isFile = FileWatcher.isWatched(name)
      guard isFile || WatchedTree.isSearchedDirectory(name) else { continue }
      let path = WatchedTree.join(directory, name)
      // `attributesOfItem` does not follow symbolic links, so linked directories are skipped.
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
        let type = attributes[.type] as? FileAttributeType
      else { continue }
      switch type {
      case .typeDirectory:
        if WatchedTree.isSearchedDirectory(name) { scanDirectory(path, into: &found) }
      case .typeRegular, .typeSymbolicLink:
        if isFile {
          found[path] = Stamp(
            modified: attributes[.modificationDate] as? Date,
            size: (attributes[.size] as? NSNumber)?.uint64Value,
            fileNumber: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value)
        }
      default:
        continue
      }
    }
  }
}

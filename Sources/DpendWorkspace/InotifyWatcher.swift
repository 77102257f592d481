#if canImport(Glibc)
  import Dispatch
  import DpendModel
  import Foundation
  import Glibc
  import Synchronization

  /// Watches with Linux inotify: one watch per searched directory, events read on a thread of
  /// its own that blocks in `poll` with a short timeout so that ``stop()`` is prompt.
  final class InotifyWatcher: WatchBackend {
    /// How long the thread blocks in `poll` before looking whether it was stopped.
    static let pollTimeoutMilliseconds: Int32 = 100

    private let descriptor: Int32
    private let batcher: ChangeBatcher
    private let onFailure: @Sendable (Set<String>) -> Void
    private let stopped = Atomic<Bool>(false)
    /// Signalled by the thread when it has closed the descriptor and will touch nothing more.
    private let finished = DispatchSemaphore(value: 0)
    /// The watches and known files. Only the thread uses them once it runs (the lock is
    /// uncontended); before that, `init` fills them.
    private let state: Locked<State>
    private let threadStarted = Atomic<Bool>(false)
    private let closed = Atomic<Bool>(false)
    /// The reading thread's `pthread_self()`, so that `stop()` never waits for itself.
    private let threadIdentity = Atomic<UInt>(0)

    /// The events each directory is watched for.
    private static let directoryMask =
      UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB)
      | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)

    struct State {
      var roots: Set<String>
      var pathsByWatch: [Int32: String] = [:]
      var watchesByPath: [String: Int32] = [:]
      /// The watched files that exist, as far as the events tell.
      var files = Set<String>()
      /// When set, adding a watch beyond this many fails as if the system limit was reached.
      var watchLimit: Int?
      /// Set when a watch could not be added or events could not be read: the watcher gives
      /// way to polling.
      var failed = false
    }

    /// Sets up the watches of `roots` (those that exist), or returns `nil` when inotify is
    /// unavailable or a watch cannot be added.
    /// - Parameter onFailure: called on the thread, with the files known so far, when a watch
    ///   cannot be added later on or reading events fails; the thread then ends.
    init?(
      roots: [String], watchLimit: Int?, batcher: ChangeBatcher,
      onFailure: @escaping @Sendable (Set<String>) -> Void
    ) {
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      self.batcher = batcher
      self.onFailure = onFailure
      var initial = State(roots: Set(roots), watchLimit: watchLimit)
      for root in roots where Self.isDirectory(root, followingLinks: true) {
        _ = Self.addTree(root, isRoot: true, descriptor: descriptor, state: &initial)
        if initial.failed { break }
      }
      let failed = initial.failed
      state = Locked(initial)
      if failed {
        // Marked stopped so that deinit, which runs for a fully initialized instance, does
        // not close the descriptor a second time.
        stopped.store(true, ordering: .releasing)
        close(descriptor)
        closed.store(true, ordering: .releasing)
        return nil
      }
    }

    deinit {
      stop()
    }

    /// Starts the thread reading events.
    func start() {
      guard !stopped.load(ordering: .acquiring) else { return }
      threadStarted.store(true, ordering: .releasing)
      let thread = Thread { [self] in run() }
      thread.name = "dpend.file-watcher.inotify"
      thread.start()
    }

    /// `true` once the descriptor is closed (tests check that `stop()` waited for it).
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    func stop() {
      let (_, wasStopped) = stopped.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
      guard !wasStopped else { return }
      if threadStarted.load(ordering: .acquiring) {
        // The thread notices within one poll timeout, closes the descriptor and signals.
        // (Unless this is the thread itself: the last reference may be dropped there.)
        if threadIdentity.load(ordering: .acquiring) != UInt(pthread_self()) { finished.wait() }
      } else {
        close(descriptor)
        closed.store(true, ordering: .releasing)
      }
    }

    // MARK: - The thread

    private func run() {
      threadIdentity.store(UInt(pthread_self()), ordering: .releasing)
      let capacity = 64 * 1024
      let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
      defer {
        buffer.deallocate()
        close(descriptor)
        closed.store(true, ordering: .releasing)
        finished.signal()
      }
      while !stopped.load(ordering: .acquiring) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&request, 1, Self.pollTimeoutMilliseconds)
        if ready < 0 && errno == EINTR { continue }
        guard ready != 0 else { continue }
        var changes: [FileChange] = []
        // Any error but "nothing more to read" would make the loop spin: give way to polling.
        var broken = ready < 0 || request.revents & Int16(POLLERR | POLLNVAL) != 0
        while !broken, !stopped.load(ordering: .acquiring) {
          let count = read(descriptor, buffer, capacity)
          if count < 0, errno == EINTR { continue }
          if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
          guard count > 0 else {
            broken = true
            break
          }
          state.withLock { handleEvents(in: UnsafeRawBufferPointer(start: buffer, count: count), &$0, &changes) }
        }
        if broken { state.withLock { $0.failed = true } }
        batcher.add(changes)
        let failure = state.withLock { $0.failed ? $0.files : nil }
        if let failure {
          if !stopped.load(ordering: .acquiring) { onFailure(failure) }
          return
        }
      }
    }

    private func handleEvents(in bytes: UnsafeRawBufferPointer, _ state: inout State, _ changes: inout [FileChange]) {
      let headerSize = MemoryLayout<inotify_event>.size
      var offset = 0
      while offset + headerSize <= bytes.count {
        let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
        let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
        let nameBytes = bytes[(offset + headerSize)..<min(offset + headerSize + nameLength, bytes.count)]
        let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
        offset += headerSize + nameLength
        handle(watch: watch, mask: mask, name: name, &state, &changes)
        if state.failed { return }
      }
    }

    private func handle(watch: Int32, mask: UInt32, name: String, _ state: inout State, _ changes: inout [FileChange]) {
      func has(_ flag: Int32) -> Bool { mask & UInt32(flag) != 0 }
      if has(IN_Q_OVERFLOW) {
        resynchronize(&state, &changes)
        return
      }
      guard let directory = state.pathsByWatch[watch] else { return }  // a watch already removed
      if has(IN_IGNORED) {
        // The kernel dropped the watch (its directory is gone): forget the subtree.
        changes += removeTree(directory, &state)
        return
      }
      if has(IN_DELETE_SELF) || has(IN_UNMOUNT) || (has(IN_MOVE_SELF) && state.roots.contains(directory)) {
        // A vanished root stops being reported; other directories are also handled through
        // their parent's event, whichever comes first.
        changes += removeTree(directory, &state)
        return
      }
      guard !name.isEmpty else { return }
      let path = WatchedTree.join(directory, name)
      if has(IN_ISDIR) {
        guard WatchedTree.isSearchedDirectory(name) else { return }
        if has(IN_CREATE) || has(IN_MOVED_TO) {
          changes += Self.addTree(path, isRoot: false, descriptor: descriptor, state: &state)
        } else if has(IN_DELETE) || has(IN_MOVED_FROM) {
          changes += removeTree(path, &state)
        }
        return
      }
      guard FileWatcher.isWatched(name) else { return }
      if has(IN_DELETE) || has(IN_MOVED_FROM) {
        if state.files.remove(path) != nil { changes.append(FileChange(path: path, kind: .deleted)) }
      } else if has(IN_CREATE) || has(IN_MOVED_TO) || has(IN_MODIFY) || has(IN_CLOSE_WRITE) || has(IN_ATTRIB) {
        let isNew = state.files.insert(path).inserted
        changes.append(FileChange(path: path, kind: isNew ? .created : .changed))
      }
    }

    /// Forgets `directory` and everything below it, removing their watches; returns the known
    /// files there as deleted.
    private func removeTree(_ directory: String, _ state: inout State) -> [FileChange] {
      let watches = state.watchesByPath.filter { WatchedTree.isWithin($0.key, directory) }
      for (path, watch) in watches {
        state.watchesByPath[path] = nil
        state.pathsByWatch[watch] = nil
        inotify_rm_watch(descriptor, watch)
      }
      let gone = state.files.filter { WatchedTree.isWithin($0, directory) }
      state.files.subtract(gone)
      return gone.map { FileChange(path: $0, kind: .deleted) }
    }

    /// After the kernel's queue overflowed, events were lost: rebuilds the watches from the
    /// disk and reports every file as created, changed (it may have) or deleted.
    private func resynchronize(_ state: inout State, _ changes: inout [FileChange]) {
      let before = state.files
      for watch in state.pathsByWatch.keys { inotify_rm_watch(descriptor, watch) }
      state.pathsByWatch = [:]
      state.watchesByPath = [:]
      state.files = []
      for root in state.roots.sorted() where Self.isDirectory(root, followingLinks: true) {
        _ = Self.addTree(root, isRoot: true, descriptor: descriptor, state: &state)
        if state.failed { return }
      }
      changes += state.files.map { FileChange(path: $0, kind: before.contains($0) ? .changed : .created) }
      changes += before.subtracting(state.files).map { FileChange(path: $0, kind: .deleted) }
    }

    // MARK: - Adding watches

    /// Watches `directory` and the searched directories below it, then lists their files;
    /// returns the watched files found that were not known, as created. The watch is added
    /// before listing so that a file created meanwhile is seen one way or the other.
    private static func addTree(
      _ directory: String, isRoot: Bool, descriptor: Int32, state: inout State
    ) -> [FileChange] {
      if let limit = state.watchLimit, state.pathsByWatch.count >= limit {
        state.failed = true
        return []
      }
      // Below the roots, symbolic links to directories are not followed.
      let mask = directoryMask | (isRoot ? 0 : UInt32(IN_DONT_FOLLOW))
      let watch = inotify_add_watch(descriptor, directory, mask)
      guard watch >= 0 else {
        // Gone already (or a link): nothing to watch. Anything else (ENOSPC: the watch
        // limit; ENOMEM) means inotify cannot follow the tree.
        if errno != ENOENT && errno != ENOTDIR { state.failed = true }
        return []
      }
      if let stale = state.pathsByWatch[watch], stale != directory {
        // The same directory under a new name (moved back in before its old watch was
        // dropped): the kernel reuses the watch.
        state.watchesByPath[stale] = nil
      }
      state.pathsByWatch[watch] = directory
      state.watchesByPath[directory] = watch
      var created: [FileChange] = []
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
      for name in names.sorted() {
        let path = WatchedTree.join(directory, name)
        if WatchedTree.isSearchedDirectory(name), isDirectory(path, followingLinks: false) {
          if state.watchesByPath[path] == nil {
            created += addTree(path, isRoot: false, descriptor: descriptor, state: &state)
            if state.failed { return created }
          }
        } else if FileWatcher.isWatched(name), !isDirectory(path, followingLinks: false) {
          if state.files.insert(path).inserted { created.append(FileChange(path: path, kind: .created)) }
        }
      }
      return created
    }

    private static func isDirectory(_ path: String, followingLinks: Bool) -> Bool {
      var info = stat()
      let result = followingLinks ? stat(path, &info) : lstat(path, &info)
      return result == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
  }
#endif

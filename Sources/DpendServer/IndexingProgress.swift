import DpendModel
import DpendProtocol
import Foundation

/// How far the first index is, shared by the server queue (which indexes), the threads that
/// read the files (which count them) and the connection's reader thread (which tells a request
/// the user asked, once it has waited `grace`, that the index is not done).
///
/// Every request is answered once: by the queue after the index, or, while the index still
/// runs `grace` after the request arrived, at once with how far it is. The lock decides which.
final class IndexingProgress: Sendable {
  private struct State {
    /// When `initialize` was answered, from when requests wait for the index; `nil` before.
    var started: DispatchTime?
    var finished = false
    /// Files read in the folders done, and in the one being read, of how many found so far.
    var doneBefore = 0
    var totalBefore = 0
    var done = 0
    var total = 0
    /// Whether `begin` was sent, the last percentage reported and when.
    var began = false
    var reportedPercentage = -1
    var reportedAt: UInt64 = 0
    /// The requests told the index is not done: the queue drops them.
    var told: Set<RequestID> = []
  }

  private let state = Locked(State())
  /// How long a request the user asked waits for the index before it is told.
  let grace: DispatchTimeInterval
  /// The token of the client's progress, when it made one.
  let token = Locked<String?>(nil)
  private let send: @Sendable ([UInt8]) -> Void

  /// Least time between two `report`s.
  static let reportInterval: UInt64 = 100_000_000

  init(grace: DispatchTimeInterval, send: @escaping @Sendable ([UInt8]) -> Void) {
    self.grace = grace
    self.send = send
  }

  /// `initialize` is answered: from now on requests wait for the index (called before the
  /// answer is sent, so no request the client sends after it is missed).
  func accept() {
    state.withLock { $0.started = .now() }
  }

  /// The index begins; `token` is the client's progress, if any.
  func begin(token: String?) {
    self.token.withLock { $0 = token }
  }

  /// One folder's reading: `done` of `total` files read (any thread).
  func read(_ done: Int, of total: Int) {
    let progress: WorkDoneProgress? = state.withLock { state in
      state.done = done
      state.total = total
      let all = state.totalBefore + state.total
      let read = state.doneBefore + state.done
      if !state.began {
        state.began = true
        state.reportedPercentage = 0
        state.reportedAt = DispatchTime.now().uptimeNanoseconds
        return .begin(title: "dpend: indexing", message: Self.files(all), percentage: 0)
      }
      let percentage = all == 0 ? 100 : read * 100 / all
      let now = DispatchTime.now().uptimeNanoseconds
      guard percentage > state.reportedPercentage, now - state.reportedAt >= Self.reportInterval || read == all
      else { return nil }
      state.reportedPercentage = percentage
      state.reportedAt = now
      return .report(message: "\(read) of \(Self.files(all)) read", percentage: percentage)
    }
    if let progress { notify(progress) }
  }

  /// A folder is read: the next one's files add to its.
  func folderDone() {
    state.withLock { state in
      state.doneBefore += state.done
      state.totalBefore += state.total
      state.done = 0
      state.total = 0
    }
  }

  /// The index is done: from now on every request is the queue's (called before the queue
  /// answers the requests that waited).
  func finish() {
    state.withLock { $0.finished = true }
  }

  /// `end` with `summary` (after a `begin`, when no file was read).
  func end(summary: String) {
    let begin: WorkDoneProgress? = state.withLock { state in
      guard !state.began else { return nil }
      state.began = true
      return .begin(title: "dpend: indexing", message: Self.files(state.totalBefore), percentage: 0)
    }
    if let begin { notify(begin) }
    notify(.end(message: summary))
  }

  /// Called on the reader thread for a request the user asked: after `grace`, if the index
  /// is still not done, it is answered with how far it is and `true` comes back from
  /// ``wasTold(_:)``.
  func watch(_ id: RequestID) {
    guard state.withLock({ $0.started != nil && !$0.finished }) else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + grace) { [self] in
      let message: String? = state.withLock { state in
        guard !state.finished else { return nil }
        state.told.insert(id)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - state.started!.uptimeNanoseconds) / 1e9
        let total = state.totalBefore + state.total
        // Before the first count, the files and their build targets are still being found.
        let how =
          state.began
          ? "\(state.doneBefore + state.done) of \(Self.files(total)) read" : "finding its files and build targets"
        return "dpend is still indexing the workspace (\(how), \(String(format: "%.1f", seconds)) s so far): "
          + "ask again when it is done"
      }
      if let message { send(MessageEncoder.error(id: id, .requestFailed(message))) }
    }
  }

  /// `true` when `id` was answered with how far the index was; the queue does not answer it.
  func wasTold(_ id: RequestID) -> Bool {
    state.withLock { $0.told.contains(id) }
  }

  private func notify(_ progress: WorkDoneProgress) {
    guard let token = token.withLock({ $0 }) else { return }
    send(
      MessageEncoder.notification(
        method: ProgressNotification.method, params: ProgressNotification(token: token, value: progress)))
  }

  private static func files(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }
}

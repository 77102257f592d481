import DpendModel
/// `window/logMessage`: 1 error, 2 warning, 3 info, 4 log.
public struct LogMessageNotification: LSPNotification, Hashable {
  public static let method = "window/logMessage"
  public var type: Int
  public var message: String
  public init(type: Int, message: String) {
    self.type = type
    self.message = message
  }
}

/// `window/showMessage`: a message the editor shows the user (1 error … 4 log).
public struct ShowMessageNotification: LSPNotification, Hashable {
  public static let method = "window/showMessage"
  public var type: Int
  public var message: String
  public init(type: Int, message: String) {
    self.type = type
    self.message = message
  }
}

/// `window/workDoneProgress/create`: a request from the server to the client.
public struct WorkDoneProgressCreateRequest: LSPRequest, Hashable {
  public static let method = "window/workDoneProgress/create"
  public typealias Response = LSPAny?
  public var token: String
  public init(token: String) { self.token = token }
}

/// `$/progress`: a step of work-done progress.
public struct ProgressNotification: LSPNotification, Hashable {
  public static let method = "$/progress"
  public var token: String
  public var value: WorkDoneProgress
  public init(token: String, value: WorkDoneProgress) {
    self.token = token
    self.value = value
  }
}

/// The begin, report or end of work-done progress.
public struct WorkDoneProgress: Hashable, Sendable, Codable {
  public var kind: String
  public var title: String?
  public var message: String?
  public var percentage: Int?

  /// Begins progress; with no percentage the client shows an indeterminate indicator.
  public static func begin(title: String, message: String? = nil, percentage: Int? = nil) -> WorkDoneProgress {
    WorkDoneProgress(kind: "begin", title: title, message: message, percentage: percentage)
  }
  public static func report(message: String, percentage: Int) -> WorkDoneProgress {
    WorkDoneProgress(kind: "report", title: nil, message: message, percentage: percentage)
  }
  public static func end(message: String) -> WorkDoneProgress {
    WorkDoneProgress(kind: "end", title: nil, message: message, percentage: nil)
  }
}

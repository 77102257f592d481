/// A problem shown in the editor.
public struct Diagnostic: Hashable, Sendable, Codable {
  public var range: Range
  /// 1 error, 2 warning, 3 information, 4 hint.
  public var severity: Int?
  public var code: String?
  public var source: String?
  public var message: String
  public var relatedInformation: [DiagnosticRelatedInformation]?

  public init(
    range: Range, severity: Int?, code: String?, source: String?, message: String,
    relatedInformation: [DiagnosticRelatedInformation]?
  ) {
    self.range = range
    self.severity = severity
    self.code = code
    self.source = source
    self.message = message
    self.relatedInformation = relatedInformation
  }

  public static let error = 1
  public static let warning = 2
}

/// Another location that matters to a diagnostic.
public struct DiagnosticRelatedInformation: Hashable, Sendable, Codable {
  public var location: Location
  public var message: String
  public init(location: Location, message: String) {
    self.location = location
    self.message = message
  }
}

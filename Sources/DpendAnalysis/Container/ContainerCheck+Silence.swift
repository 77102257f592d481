import DpendModel

/// What unread registrations keep quiet (SPEC 8.5): a resolve nothing read answers is not
/// reported when an unread registration could answer it, and `--verbose` says, at each such
/// registration, which resolves it silences.
extension ContainerCheck {
  /// A resolve site no read registration answers, silenced by an unread one that could.
  struct Silenced: Hashable, Sendable {
    /// The unread registration's range.
    var registration: SourceRange
    /// The site's range.
    var site: SourceRange
    /// The site's type, as the check typed it.
    var type: String
  }

  /// `unread` with each unread registration's note saying how many resolves it silences
  /// in any configuration, with a note at each of them.
  static func sayingWhatTheySilence(_ unread: [Diagnostic], _ silenced: [Silenced]) -> [Diagnostic] {
    guard !silenced.isEmpty else { return unread }
    var sites: [SourceRange: [Silenced]] = [:]
    for each in Set(silenced) { sites[each.registration, default: []].append(each) }
    return unread.map { note in
      guard note.code == .unreadContainerCode, note.message.hasPrefix("unread registration:"),
        let quiet = sites[note.range]?.sorted(by: { $0.site < $1.site })
      else { return note }
      var note = note
      let count = quiet.count == 1 ? "1 resolve" : "\(quiet.count) resolves"
      note.message += "; it silences \(count) nothing read answers"
      note.notes += quiet.map { DiagnosticNote(message: "'\($0.type)' resolved here, silenced", range: $0.site) }
      return note
    }
  }
}

extension ContainerCheck.Silenced: BinaryCoded {
  init() { self.init(registration: SourceRange(), site: SourceRange(), type: "") }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&registration)
    try coder.code(&site)
    try coder.code(&type)
  }
}

/// The statement a registration is made by, for edits that add a registration after it or
/// remove it: `container.register(P.self) { _ in Impl() }.inObjectScope(.container)` with
/// the calls chained to it, a Factory definition `var p: Factory<P> { … }`.
public struct RegistrationStatement: Hashable, Sendable {
  /// The statement, without its trivia.
  public var range: SourceRange
  /// The lines it fills, from the start of its first line through its last line's line
  /// break (or the end of the file); `nil` when other code shares its first or last line.
  public var lines: SourceRange?
  /// The white space before the statement on its first line; empty when code precedes it.
  public var indentation: String
  /// What the registration is called on, as written (`container`, `c`, `self.container`);
  /// empty for a call on nothing (`register { … }` in Resolver's `registerAllServices()`)
  /// or a definition.
  public var receiver: String
  /// `true` when a blank line (white space only) stands between the statement and the code
  /// before it, comments aside: a registration added after it is set apart the same way.
  public var followsBlankLine: Bool

  public init(
    range: SourceRange, lines: SourceRange?, indentation: String, receiver: String, followsBlankLine: Bool = false
  ) {
    self.range = range
    self.lines = lines
    self.indentation = indentation
    self.receiver = receiver
    self.followsBlankLine = followsBlankLine
  }
}

/// Where a resolve site's key is written, for edits ("did you mean", a runtime argument
/// count): each `nil` when not written, or when dpend cannot edit it exactly.
public struct SiteEditRanges: Hashable, Sendable {
  /// The resolved type as written: `P` in `resolve(P.self)`, in `… as P`, in
  /// `let p: P = try c.resolve()`.
  public var type: SourceRange?
  /// The name or tag's expression: `"remote"` in `name: "remote"`.
  public var name: SourceRange?
  /// What removing the name or tag argument removes: `, name: "remote"` after the type, or
  /// `tag: "remote"` alone.
  public var nameArgument: SourceRange?
  /// Where a name or tag argument goes when none is written: after Swinject's type argument,
  /// inside Dip's parentheses.
  public var nameInsertion: ArgumentInsertion?
  /// What removing the runtime arguments removes: `, argument: id`, `, arguments: a, b`.
  public var runtimeArguments: SourceRange?

  public init(
    type: SourceRange? = nil, name: SourceRange? = nil, nameArgument: SourceRange? = nil,
    nameInsertion: ArgumentInsertion? = nil, runtimeArguments: SourceRange? = nil
  ) {
    self.type = type
    self.name = name
    self.nameArgument = nameArgument
    self.nameInsertion = nameInsertion
    self.runtimeArguments = runtimeArguments
  }
}

/// Where a registration or resolve writes its key, by the call's range (``ResolveSite/range``,
/// ``ContainerRegistration/range``): the call's arguments (`ImageCache.self, name: "x"`), its
/// empty parentheses (`resolve()`), a `~>` operand. Kept beside the file's container code
/// (``FileSummary/keyRanges``): the editor reads them for the file under the cursor.
public struct KeyRange: Hashable, Sendable {
  /// The call's range.
  public var call: SourceRange
  /// The key's.
  public var key: SourceRange
  /// The call's closing parenthesis (`)` in `register(P.self)`), where a hint about the whole
  /// call goes; `nil` when it has none (a `~>` operand, a call with only a trailing closure).
  public var closingParenthesis: SourceRange?

  public init(call: SourceRange, key: SourceRange, closingParenthesis: SourceRange? = nil) {
    self.call = call
    self.key = key
    self.closingParenthesis = closingParenthesis
  }
}

extension KeyRange: BinaryCoded {
  public init() { self.init(call: SourceRange(), key: SourceRange()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&call)
    try coder.code(&key)
    try coder.code(&closingParenthesis)
  }
}

/// A resolve site's edit ranges, by the site's range: kept beside the summary's container
/// code (``FileSummary/siteEdits``), not in each ``ResolveSite``, which the graph holds for
/// every resolve of the workspace; a quick fix reads them for the one file it edits.
public struct SiteEdits: Hashable, Sendable {
  /// The site's range (``ResolveSite/range``).
  public var site: SourceRange
  public var edits: SiteEditRanges

  public init(site: SourceRange, edits: SiteEditRanges) {
    self.site = site
    self.edits = edits
  }
}

extension FileSummary {
  /// The edit ranges of `site`, a resolve read from this file; none when nothing of it can
  /// be edited exactly.
  public func edits(of site: ResolveSite) -> SiteEditRanges {
    siteEdits.first { $0.site == site.range }?.edits ?? SiteEditRanges()
  }
}

extension SiteEdits: BinaryCoded {
  public init() { self.init(site: SourceRange(), edits: SiteEditRanges()) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&site)
    try coder.code(&edits)
  }
}

extension RegistrationStatement: BinaryCoded {
  public init() { self.init(range: SourceRange(), lines: nil, indentation: "", receiver: "") }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&range)
    try coder.code(&lines)
    try coder.code(&indentation)
    try coder.code(&receiver)
    try coder.code(&followsBlankLine)
  }
}

extension SiteEditRanges: BinaryCoded {
  public init() { self.init(type: nil) }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&type)
    try coder.code(&name)
    try coder.code(&nameArgument)
    try coder.code(&nameInsertion)
    try coder.code(&runtimeArguments)
  }
}

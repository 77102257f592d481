/// The types of a body's members, by name (``TypeDeclaration/propertyTypes``,
/// ``TypeDeclaration/staticTypes``, ``FileSummary/globalTypes``): one entry a name, sorted
/// by name.
///
/// Every type of every file has some and only container code looks any up, so they are one
/// sorted array rather than a dictionary: built, coded, compared and copied without hashing,
/// in the same order whatever the process, and looked up by binary search.
public struct MemberTypes: Hashable, Sendable {
  /// One member's name and its type as written, normalized (`?` kept).
  public struct Entry: Hashable, Sendable {
    public var name: String
    public var type: String

    public init(name: String, type: String) {
      self.name = name
      self.type = type
    }
  }

  /// The entries, sorted by name, one a name.
  public private(set) var entries: [Entry]

  /// No member.
  public init() { entries = [] }

  /// How a name written twice is read: as its last type (a property: `#if` branches each
  /// declaring it, the last read wins), or as none when the types differ (statics: Swift
  /// picks an overload by context, which a factory's value does not give).
  public enum Repeats: Sendable {
    case lastWins
    case differentDrop
  }

  /// Collects members in the order written into a ``MemberTypes``: each name is inserted
  /// where it sorts (bodies hold a few members; nothing is hashed or sorted afterwards).
  public struct Builder {
    /// The entries so far, sorted by name; an empty type marks a name left out.
    private var entries: [Entry] = []
    private var leftOut = 0
    private let repeats: Repeats

    public init(repeats: Repeats) { self.repeats = repeats }

    /// Adds the member `name` of type `type`: a `nil` type marks a name whose type cannot be
    /// told (a generic method's result), which leaves the name out; an empty type is ignored.
    public mutating func add(_ name: String, _ type: String?) {
      guard type?.isEmpty != true else { return }
      let index = MemberTypes.position(of: name, in: entries)
      guard index < entries.count, entries[index].name == name else {
        entries.insert(Entry(name: name, type: type ?? ""), at: index)
        if type == nil { leftOut += 1 }
        return
      }
      let known = entries[index].type
      guard !known.isEmpty else { return }
      switch (repeats, type) {
      case (.lastWins, let type?): entries[index].type = type
      case (.differentDrop, let type?) where type == known: break
      default:
        entries[index].type = ""
        leftOut += 1
      }
    }

    /// The members added, one a name.
    public var built: MemberTypes {
      var types = MemberTypes()
      types.entries = leftOut == 0 ? entries : entries.filter { !$0.type.isEmpty }
      return types
    }
  }

  /// The index of the first entry of `entries` whose name does not sort before `name`.
  private static func position(of name: String, in entries: [Entry]) -> Int {
    entries.partitionIndex { $0.name < name }
  }

  /// The type of the member `name`, or `nil` for a name it does not hold.
  public subscript(name: String) -> String? {
    let index = Self.position(of: name, in: entries)
    return index < entries.count && entries[index].name == name ? entries[index].type : nil
  }

  /// `true` when it holds no member.
  public var isEmpty: Bool { entries.isEmpty }
}

extension MemberTypes: ExpressibleByDictionaryLiteral {
  /// The members `elements` name (a name written twice: the last type).
  public init(dictionaryLiteral elements: (String, String)...) {
    var builder = Builder(repeats: .lastWins)
    for (name, type) in elements { builder.add(name, type) }
    self = builder.built
  }
}

extension MemberTypes: BinaryCoded {
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&entries)
    guard coder.isReading else { return }
    for index in entries.indices.dropFirst() where !(entries[index - 1].name < entries[index].name) {
      throw .malformed("members' types not sorted by name")
    }
  }
}

extension MemberTypes.Entry: BinaryCoded {
  public init() { self.init(name: "", type: "") }

  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&name)
    try coder.code(&type)
  }
}

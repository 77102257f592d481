import DpendModel

/// Where a name is declared and what the declaration says, as the symbol table answers it.
struct DeclarationSite<Value: Sendable>: Sendable {
  var file: String
  var value: Value
}

/// A declaration in a table of numbered names: its value, then its file's number (in this
/// order, so that the number fits in the room a value leaves at its end).
struct NumberedSite<Value: Sendable>: Sendable {
  var value: Value
  var file: Int32
}

/// Declarations by name number (``NameNumbers``) where the first one in path order wins
/// (SPEC: a name declared twice belongs to its first declaration), kept up to date as files
/// come and go.
///
/// The winner of each name is one array read away; the rare later declarations of a name
/// wait in a separate table, in path order, to take over when the winner's file drops it.
/// Files are numbered too: `files` gives their paths, which decide the order.
struct FirstDeclarations<Value: Sendable>: Sendable {
  typealias Site = NumberedSite<Value>

  /// The winner of each name, by the name's number; `nil` when nothing declares it.
  private(set) var first: [Site?] = []
  private var later: [Int32: [Site]] = [:]

  /// The winning declaration of the name numbered `name`.
  subscript(name: Int32) -> Site? { Int(name) < first.count ? first[Int(name)] : nil }

  /// `true` when more than one declaration has the name numbered `name`.
  func isDeclaredTwice(_ name: Int32) -> Bool { later[name] != nil }

  /// The numbers of the files declaring the name numbered `name`, the winner's first, each
  /// once: more than one for two modules' or two platforms' declarations.
  func files(declaring name: Int32) -> [Int32] {
    guard let winner = self[name] else { return [] }
    var files = [winner.file]
    for site in later[name] ?? [] where !files.contains(site.file) { files.append(site.file) }
    return files
  }

  /// Makes room for names numbered below `count`.
  mutating func reserveCapacity(_ count: Int) { first.reserveCapacity(count) }

  /// Adds a declaration; among declarations of one file the earlier added stays first.
  mutating func insert(_ name: Int32, _ site: Site, files: NameNumbers) {
    let index = Int(name)
    if index >= first.count { first += repeatElement(nil, count: index + 1 - first.count) }
    guard let current = first[index] else {
      first[index] = site
      return
    }
    if files[site.file] < files[current.file] {
      first[index] = site
      // The winner it was came before every other declaration of its file.
      Self.insert(current, into: &later[name, default: []], files: files, aheadOfItsFile: true)
    } else {
      Self.insert(site, into: &later[name, default: []], files: files)
    }
  }

  /// Removes every declaration of the name numbered `name` made in the file numbered `file`.
  mutating func remove(_ name: Int32, in file: Int32) {
    if var waiting = later[name] {
      waiting.removeAll { $0.file == file }
      later[name] = waiting.isEmpty ? nil : waiting
    }
    guard self[name]?.file == file else { return }
    if var waiting = later[name] {
      first[Int(name)] = waiting.removeFirst()
      later[name] = waiting.isEmpty ? nil : waiting
    } else {
      first[Int(name)] = nil
    }
  }

  /// Inserts `site` into `sites` (in path order) after every site of a file sorting before
  /// its own, and after those of its own file too unless `aheadOfItsFile`.
  static func insert(_ site: Site, into sites: inout [Site], files: NameNumbers, aheadOfItsFile: Bool = false) {
    let path = files[site.file]
    sites.insert(site, at: sites.partitionIndex { aheadOfItsFile ? files[$0.file] < path : files[$0.file] <= path })
  }
}

extension DeclarationSite: BinaryCoded where Value: BinaryCoded {
  init() { self.init(file: "", value: Value()) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&file)
    try coder.code(&value)
  }
}

extension NumberedSite: BinaryCoded where Value: BinaryCoded {
  init() { self.init(value: Value(), file: 0) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&value)
    try coder.code(&file)
  }
}

extension FirstDeclarations: BinaryCoded where Value: BinaryCoded {
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&first)
    try coder.code(&later)
  }
}

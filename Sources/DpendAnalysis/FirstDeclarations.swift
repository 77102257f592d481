/// Where a name is declared and what the declaration says, one per declaration.
struct DeclarationSite<Value: Sendable>: Sendable {
  var file: String
  var value: Value
}

/// Declarations by name where the first one in path order wins (SPEC: a name declared
/// twice belongs to its first declaration), kept up to date as files come and go.
///
/// The winner of each name is one hash lookup away; the rare later declarations of a
/// name wait in a separate table, in path order, to take over when the winner's file
/// drops it.
struct FirstDeclarations<Value: Sendable>: Sendable {
  private(set) var first: [String: DeclarationSite<Value>] = [:]
  private var later: [String: [DeclarationSite<Value>]] = [:]

  subscript(name: String) -> DeclarationSite<Value>? { first[name] }

  /// Makes room for `count` names, so that filling the table never grows it.
  mutating func reserveCapacity(_ count: Int) { first.reserveCapacity(count) }

  /// Adds a declaration; among declarations of one file the earlier added stays first.
  mutating func insert(_ name: String, _ site: DeclarationSite<Value>) {
    guard let current = first[name] else {
      first[name] = site
      return
    }
    if site.file < current.file {
      first[name] = site
      Self.insertSorted(current, into: &later[name, default: []])
    } else {
      Self.insertSorted(site, into: &later[name, default: []])
    }
  }

  /// Removes every declaration of `name` made in `file`.
  mutating func remove(_ name: String, in file: String) {
    if var waiting = later[name] {
      waiting.removeAll { $0.file == file }
      later[name] = waiting.isEmpty ? nil : waiting
    }
    guard first[name]?.file == file else { return }
    if var waiting = later[name] {
      first[name] = waiting.removeFirst()
      later[name] = waiting.isEmpty ? nil : waiting
    } else {
      first[name] = nil
    }
  }

  /// Inserts after every site of a file sorting before or equal to `site`'s.
  private static func insertSorted(_ site: DeclarationSite<Value>, into sites: inout [DeclarationSite<Value>]) {
    sites.insert(site, at: sites.partitionIndex { $0.file <= site.file })
  }
}

import Yams

/// A YAML document as a project spec reads it: mappings (in their order), lists and text.
/// Converted once from the parser's nodes, so merging specs and templates is plain data.
indirect enum YAML: Hashable, Sendable {
  case text(String)
  case list([YAML])
  case mapping([(key: String, value: YAML)])

  /// The document of `node`; `nil` for an alias or a mapping key that is not text.
  init?(_ node: Node) {
    switch node {
    case .scalar(let scalar): self = .text(scalar.string)
    case .sequence(let sequence): self = .list(sequence.compactMap(YAML.init))
    case .mapping(let mapping):
      var entries: [(key: String, value: YAML)] = []
      for (key, value) in mapping {
        guard let key = key.scalar?.string, let value = YAML(value) else { continue }
        entries.append((key, value))
      }
      self = .mapping(entries)
    case .alias: return nil
    }
  }

  static func == (lhs: YAML, rhs: YAML) -> Bool {
    switch (lhs, rhs) {
    case (.text(let a), .text(let b)): a == b
    case (.list(let a), .list(let b)): a == b
    case (.mapping(let a), .mapping(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
    default: false
    }
  }

  func hash(into hasher: inout Hasher) {
    switch self {
    case .text(let text): hasher.combine(text)
    case .list(let items): hasher.combine(items)
    case .mapping(let entries):
      for entry in entries {
        hasher.combine(entry.key)
        hasher.combine(entry.value)
      }
    }
  }

  var text: String? { if case .text(let text) = self { text } else { nil } }
  var list: [YAML]? { if case .list(let items) = self { items } else { nil } }
  var entries: [(key: String, value: YAML)]? { if case .mapping(let entries) = self { entries } else { nil } }
  /// The texts of a list, or a text alone as a list of one.
  var strings: [String]? { list.map { $0.compactMap(\.text) } ?? text.map { [$0] } }

  /// The value of `key` in a mapping.
  subscript(key: String) -> YAML? { entries?.first { $0.key == key }?.value }

  /// `self` over `base`: mappings merged key by key, lists appended to `base`'s, any other
  /// value of `self` replacing `base`'s (how XcodeGen merges included specs and templates);
  /// a key ending in `:REPLACE` replaces the value of the key without it.
  func merged(over base: YAML) -> YAML {
    switch (self, base) {
    case (.mapping(let top), .mapping(let bottom)):
      var entries = bottom
      for (key, value) in top {
        let replaces = key.hasSuffix(Self.replaceMark)
        let key = replaces ? String(key.dropLast(Self.replaceMark.count)) : key
        if let index = entries.firstIndex(where: { $0.key == key }) {
          entries[index].value = replaces ? value : value.merged(over: entries[index].value)
        } else {
          entries.append((key, value))
        }
      }
      return .mapping(entries)
    case (.list(let top), .list(let bottom)): return .list(bottom + top)
    default: return self
    }
  }

  /// What a key ends in to replace, not merge with, the value under it.
  static let replaceMark = ":REPLACE"

  /// `self` with every key's `:REPLACE` mark dropped (a value with nothing under it to replace).
  var withoutReplaceMarks: YAML {
    switch self {
    case .text: return self
    case .list(let items): return .list(items.map(\.withoutReplaceMarks))
    case .mapping(let entries):
      var kept: [(key: String, value: YAML)] = []
      for (key, value) in entries {
        let key = key.hasSuffix(Self.replaceMark) ? String(key.dropLast(Self.replaceMark.count)) : key
        if let index = kept.firstIndex(where: { $0.key == key }) {
          kept[index].value = value.withoutReplaceMarks
        } else {
          kept.append((key, value.withoutReplaceMarks))
        }
      }
      return .mapping(kept)
    }
  }

  /// A mapping with the value of `key` made by `change`; anything else, or a mapping without
  /// `key`, as it is.
  func replacing(_ key: String, with change: (YAML) -> YAML) -> YAML {
    guard case .mapping(var entries) = self, let index = entries.firstIndex(where: { $0.key == key }) else {
      return self
    }
    entries[index].value = change(entries[index].value)
    return .mapping(entries)
  }

  /// A mapping with each value made by `change`; anything else as it is.
  func mappingValues(_ change: (YAML) -> YAML) -> YAML {
    guard case .mapping(let entries) = self else { return self }
    return .mapping(entries.map { ($0.key, change($0.value)) })
  }

  /// Every text with each `${name}` that `values` has replaced by its value (XcodeGen's
  /// expansion: `$name` alone, and names `values` lacks, are left as they are).
  func expanding(_ values: [String: String]) -> YAML {
    guard !values.isEmpty else { return self }
    switch self {
    case .text(let text):
      guard text.contains("${") else { return self }
      var result = ""
      var rest = Substring(text)
      while let start = rest.range(of: "${") {
        result += rest[..<start.lowerBound]
        guard let end = rest[start.upperBound...].firstIndex(of: "}") else { break }
        let name = String(rest[start.upperBound..<end])
        result += values[name] ?? String(rest[start.lowerBound...end])
        rest = rest[rest.index(after: end)...]
      }
      return .text(result + rest)
    case .list(let items): return .list(items.map { $0.expanding(values) })
    case .mapping(let entries): return .mapping(entries.map { ($0.key, $0.value.expanding(values)) })
    }
  }

  /// Every text with `${name}` and `$name` replaced by `values[name]`.
  func substituting(_ values: [String: String]) -> YAML {
    switch self {
    case .text(var text):
      for (name, value) in values {
        text = text.replacingOccurrences(of: "${\(name)}", with: value)
        text = text.replacingOccurrences(of: "$\(name)", with: value)
      }
      return .text(text)
    case .list(let items): return .list(items.map { $0.substituting(values) })
    case .mapping(let entries): return .mapping(entries.map { ($0.key, $0.value.substituting(values)) })
    }
  }
}

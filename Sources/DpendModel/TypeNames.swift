/// The names a written type is made of, as both the collector and the lookup read them.
public enum TypeNames {
  /// The identifiers of a written type that name a type, not a member (`Outer.State` names
  /// `Outer`, not `State`), in order: `["Store", "V"]` for `Store<V>`.
  public static func names(in type: String) -> [String] {
    var names: [String] = []
    _ = mapping(in: type) { name in
      names.append(name)
      return name
    }
    return names
  }

  /// `type` with each identifier that names a type (not a member) replaced by `transform`'s.
  public static func mapping(in type: String, _ transform: (String) -> String) -> String {
    var result = ""
    var identifier = ""
    var afterDot = false
    for character in type + " " {
      if character.isLetter || character.isNumber || character == "_" {
        identifier.append(character)
        continue
      }
      if !identifier.isEmpty { result += afterDot ? identifier : transform(identifier) }
      identifier = ""
      afterDot = character == "."
      result.append(character)
    }
    return String(result.dropLast())
  }
}

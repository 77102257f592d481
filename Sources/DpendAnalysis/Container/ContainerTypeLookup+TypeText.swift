import DpendModel

/// The written types the lookup takes apart: a function type's result, a generic's
/// arguments, names substituted, labels matched to parameters.
extension ContainerTypeLookup {
  /// `Interceptor` for `@escaping () throws -> Interceptor?`: the result after the function
  /// type's top-level arrow, optional marks stripped; `nil` for a type that is no function
  /// type or returns one.
  public static func functionResult(_ type: String) -> String? {
    var written = Substring(type)
    // `(() -> Clock)?`: an optional function.
    while written.hasSuffix("?") || written.hasSuffix("!") { written.removeLast() }
    if written.hasPrefix("("), written.hasSuffix(")"), functionResult(String(written.dropFirst().dropLast())) != nil {
      written = written.dropFirst().dropLast()
    }
    var depth = 0
    var characters = Array(written)
    var arrow: Int?
    for index in characters.indices {
      switch characters[index] {
      case "(", "[", "<": depth += 1
      case ")", "]",
        ">" where index == 0 || characters[index - 1] != "-":
        depth -= 1
      case "-" where depth == 0 && index + 1 < characters.count && characters[index + 1] == ">":
        if arrow == nil { arrow = index }
      default: break
      }
    }
    guard let arrow else { return nil }
    characters = Array(characters[(arrow + 2)...])
    let result = String(characters).split(separator: " ").joined(separator: " ")
    guard !result.isEmpty, !result.contains("->") else { return nil }
    var stripped = result
    while stripped.hasSuffix("?") || stripped.hasSuffix("!") { stripped.removeLast() }
    return stripped.first?.isUppercase == true ? stripped : nil
  }

  /// `("Store", ["AppState"])` for `Store<AppState>`; the name and no arguments for a type
  /// written without them, or whose arguments do not split.
  static func genericArguments(of written: String) -> (base: String, arguments: [String]) {
    guard let open = written.firstIndex(of: "<"), written.hasSuffix(">") else { return (written, []) }
    var arguments: [String] = []
    var depth = 0
    var current = ""
    for character in written[written.index(after: open)..<written.index(before: written.endIndex)] {
      switch character {
      case "<", "[", "(":
        depth += 1
      case ">", "]", ")":
        depth -= 1
      case "," where depth == 0:
        arguments.append(current)
        current = ""
        continue
      case " ": continue
      default: break
      }
      current.append(character)
    }
    arguments.append(current)
    guard depth == 0, !arguments.contains(where: \.isEmpty) else { return (written, []) }
    return (String(written[..<open]), arguments)
  }

  /// `type` with each identifier that `replacements` names replaced: `[Middleware<AppState>]`
  /// for `[Middleware<State>]` and `State` → `AppState`.
  static func substituting(_ replacements: [String: String], in type: String) -> String {
    TypeNames.mapping(in: type) { replacements[$0] ?? $0 }
  }

  /// The identifiers of `type` that name a type, not a member (`Outer.State` is none of
  /// `State`'s), in order.
  static func typeNames(in type: String) -> [String] {
    TypeNames.names(in: type)
  }

  /// The parameter each argument labelled `labels` (`_` for none) is passed to, as Swift
  /// matches them: in order, a parameter with a default left out where the call omits it;
  /// `nil` when the labels do not fit `parameters`.
  static func parameterIndexes(of labels: [String], in parameters: [Parameter]) -> [Int]? {
    var indexes: [Int] = []
    var next = 0
    for label in labels {
      while next < parameters.count, parameters[next].label != label {
        guard parameters[next].hasDefault else { return nil }
        next += 1
      }
      guard next < parameters.count else { return nil }
      indexes.append(next)
      next += 1
    }
    return parameters[next...].allSatisfy(\.hasDefault) ? indexes : nil
  }
}

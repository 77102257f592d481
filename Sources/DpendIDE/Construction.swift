import DpendAnalysis
import DpendModel

/// How a quick fix makes an instance for a missing key without a trap: the one type of the
/// analysed sources that is or conforms to the key, through its one initializer, each
/// parameter without a default a dependency. `nil` (no fix) when the type, the initializer
/// or a parameter's type cannot be told for sure.
struct Construction: Hashable {
  /// One dependency the initializer takes.
  struct Dependency: Hashable {
    /// The argument label, `_` for none.
    var label: String
    /// The type as written, unwrapped (`Store` for `Store?` and `Tagged<Store, Remote>`).
    var type: String
    /// `true` for `Store?`: resolved when available.
    var isOptional: Bool
    /// `Remote` in `Tagged<Store, Remote>`.
    var tag: String?
  }

  /// The type constructed.
  var type: String
  var dependencies: [Dependency]
  var isThrowing: Bool

  /// The construction of the one implementation of `key` in `graph`
  /// (``DpendAnalysis/DependencyGraph/implementations(of:)``).
  init?(implementing key: String, in graph: DependencyGraph) {
    let found = graph.implementations(of: key)
    guard found.count == 1, found[0].initializers.count == 1 else { return nil }
    let initializer = found[0].initializers[0]
    var dependencies: [Dependency] = []
    for parameter in initializer.parameters where !parameter.hasDefault {
      guard Self.isPlainType(parameter.type.name), parameter.label == "_" || Self.isIdentifier(parameter.label)
      else { return nil }
      dependencies.append(
        Dependency(
          label: parameter.label, type: parameter.type.name, isOptional: parameter.type.isOptional,
          tag: parameter.type.tag))
    }
    type = found[0].name
    self.dependencies = dependencies
    isThrowing = initializer.isThrowing
  }

  /// `Impl(store: …, clock: …)`, each argument written by `argument`; `try Impl(…)` for a
  /// throwing initializer.
  func expression(_ argument: (Dependency) -> String) -> String {
    let arguments = dependencies.map { ($0.label == "_" ? "" : $0.label + ": ") + argument($0) }
    return (isThrowing ? "try " : "") + type + "(" + arguments.joined(separator: ", ") + ")"
  }

  /// A name made of identifier characters and dots, with generic arguments or brackets
  /// (`Store`, `Outer.Inner`, `Cache<String>`, `[URL]`): no function, tuple or composition
  /// type, whose resolve would be a guess.
  static func isPlainType(_ name: String) -> Bool {
    !name.isEmpty && name.first != "_"
      && name.allSatisfy { $0.isLetter || $0.isNumber || "_.<>,[]:".contains($0) }
  }

  /// A label usable as a parameter's name too: an identifier that is no keyword.
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.first, first.isLetter || first == "_" else { return false }
    return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !keywords.contains(name)
  }

  private static let keywords: Set<String> = [
    "as", "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do",
    "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import",
    "in", "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol", "public", "repeat",
    "rethrows", "return", "self", "Self", "static", "struct", "subscript", "super", "switch", "throw", "throws",
    "true", "try", "typealias", "var", "where", "while", "Any", "Type",
  ]
}

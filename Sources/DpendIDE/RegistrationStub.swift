import DpendModel

/// The registration method a quick fix adds for a missing key:
/// ```swift
///   func remoteStore() -> DependencyRegistration<Store> {
///     DependencyRegistration(tag: Remote.self) { fatalError("TODO: make a Store") }
///   }
/// ```
public enum RegistrationStub {
  /// The method, indented by two spaces, ending in a newline. `taken` are method names
  /// the configuration already has.
  public static func method(for key: DependencyKey, avoiding taken: Set<String>) -> String {
    let base = methodName(for: key)
    var name = base
    var suffix = 2
    while taken.contains(name) {
      name = "\(base)\(suffix)"
      suffix += 1
    }
    let tag = key.tag.map { "(tag: \($0).self)" } ?? ""
    return """
        func \(name)() -> DependencyRegistration<\(key.name)> {
          DependencyRegistration\(tag) { fatalError("TODO: make a \(key.name)") }
        }

      """
  }

  /// `httpClient` for `HTTPClient`, `remoteStore` for `Store` tagged `Remote`,
  /// `dependency` when the type has no name to borrow (`[Int]`).
  public static func methodName(for key: DependencyKey) -> String {
    let typeName = identifier(key.name)
    guard let tag = key.tag else { return lowerCamel(typeName) }
    return lowerCamel(identifier(tag)) + typeName.prefix(1).uppercased() + typeName.dropFirst()
  }

  /// The last dotted component, if it is an identifier; `Dependency` otherwise.
  private static func identifier(_ name: String) -> String {
    let last = String(name.split(separator: ".").last ?? "")
    let isIdentifier =
      !last.isEmpty && last.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      && !(last.first?.isNumber ?? true)
    return isIdentifier ? last : "Dependency"
  }

  /// `HTTPClient` → `httpClient`, `URLSession` → `urlSession`, `Store` → `store`.
  private static func lowerCamel(_ name: String) -> String {
    let characters = Array(name)
    var upperRun = 0
    while upperRun < characters.count && characters[upperRun].isUppercase { upperRun += 1 }
    // In `HTTPClient` the `C` starts the next word and stays upper case.
    let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : max(upperRun, 1)
    return String(characters.prefix(lowered)).lowercased() + String(characters.dropFirst(lowered))
  }

  /// The contents of a new configuration file holding one registration method.
  public static func newConfigurationFile(className: String, method: String) -> String {
    "import DpendRuntime\n\nfinal class \(className): DependencyConfiguration {\n" + method + "}\n"
  }
}

import DpendModel

/// The registration method a quick fix adds for a missing key, constructing the key's one
/// implementation (``Construction``), its initializer's dependencies taken as the method's
/// parameters:
/// ```swift
///   func remoteStore(session: Session, cache: Tagged<Cache, Disk>) -> DependencyRegistration<Store> {
///     DependencyRegistration(tag: Remote.self) { RemoteStore(session: session, cache: cache) }
///   }
/// ```
public enum RegistrationStub {
  /// The method making `key` with `construction`, indented by two spaces, ending in a
  /// newline. `taken` are method names the configuration already has.
  static func method(for key: DependencyKey, making construction: Construction, avoiding taken: Set<String>)
    -> String
  {
    let name = unique(methodName(for: key), avoiding: taken)
    var parameterNames: Set<String> = []
    var parameters: [String] = []
    let made = construction.expression { dependency in
      let base = dependency.label == "_" ? lowerCamel(identifier(dependency.type)) : dependency.label
      let parameter = unique(base, avoiding: parameterNames)
      parameterNames.insert(parameter)
      var type = dependency.tag.map { "Tagged<\(dependency.type), \($0)>" } ?? dependency.type
      if dependency.isOptional { type += "?" }
      // The initializer takes what the method does: a `Tagged` parameter is passed on as it is.
      parameters.append("\(parameter): \(type)")
      return parameter
    }
    let tag = key.tag.map { "(tag: \($0).self)" } ?? ""
    return """
        func \(name)(\(parameters.joined(separator: ", "))) -> DependencyRegistration<\(key.name)> {
          DependencyRegistration\(tag) { \(made) }
        }

      """
  }

  /// `base`, else `base2`, `base3`… the first not in `taken`.
  static func unique(_ base: String, avoiding taken: Set<String>) -> String {
    var name = base
    var suffix = 2
    while taken.contains(name) {
      name = "\(base)\(suffix)"
      suffix += 1
    }
    return name
  }

  /// `httpClient` for `HTTPClient`, `remoteStore` for `Store` tagged `Remote`,
  /// `dependency` when the type has no name to borrow (`[Int]`).
  public static func methodName(for key: DependencyKey) -> String {
    let typeName = identifier(key.name)
    guard let tag = key.tag else { return lowerCamel(typeName) }
    return lowerCamel(identifier(tag)) + typeName.prefix(1).uppercased() + typeName.dropFirst()
  }

  /// The last dotted component, if it is an identifier; `Dependency` otherwise.
  static func identifier(_ name: String) -> String {
    let last = String(name.split(separator: ".").last ?? "")
    let isIdentifier =
      !last.isEmpty && last.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
      && !(last.first?.isNumber ?? true)
    return isIdentifier ? last : "Dependency"
  }

  /// `HTTPClient` → `httpClient`, `URLSession` → `urlSession`, `Store` → `store`.
  static func lowerCamel(_ name: String) -> String {
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

import DpendModel

extension IDE {
  /// The class a quick fix creates when the workspace has no configuration yet.
  public static let newConfigurationName = "DependencyRegistrations"

  /// Quick fixes for the missing dependencies needed at UTF-8 `offsets` of `path`: each adds
  /// a registration method for one missing key to the first configuration class whose body
  /// is closed, or creates a new configuration file beside `path` when there is none. The
  /// method constructs the key's one implementation (the key itself when it is a type the
  /// sources declare, else the one type conforming to it), its initializer's dependencies
  /// becoming the method's parameters; a key without one such type, or whose type has not
  /// one initializer of plain parameter types, gets no fix: no stub that traps at run time.
  /// - Parameter fileExists: whether a file exists at a path; a new configuration file is
  ///   offered only where none exists.
  public func missingDependencyFixes(at offsets: [Int], in path: String, fileExists: (String) -> Bool) -> [Fix] {
    var keys: [DependencyKey] = []
    for offset in offsets {
      guard case .dependency(let parameter, _)? = symbol(at: offset, in: path)?.symbol,
        graph.resolved[parameter.dependency] == nil, !parameter.isOptional, !keys.contains(parameter.dependency)
      else { continue }
      keys.append(parameter.dependency)
    }
    return keys.compactMap { key in
      guard let construction = Construction(implementing: key.name, in: graph) else { return nil }
      if let configuration = graph.configurations.first(where: { $0.closingBrace != nil }) {
        return addRegistration(for: key, making: construction, to: configuration)
      }
      return createConfiguration(for: key, making: construction, besides: path, fileExists: fileExists)
    }
  }

  private func addRegistration(
    for key: DependencyKey, making construction: Construction, to configuration: TypeDeclaration
  ) -> Fix? {
    guard let brace = configuration.closingBrace, let lines = lines(of: brace.file) else { return nil }
    // Insert on a line of its own before the `}`: at the start of its line when only
    // white space precedes it, else right before it after a line break.
    let onItsOwnLine = configuration.closingBraceStartsLine
    let insertAt = onItsOwnLine ? brace.start.offset - (brace.start.column - 1) : brace.start.offset
    let method = RegistrationStub.method(
      for: key, making: construction, avoiding: Set(configuration.methods.map(\.name)))
    let insertion = TextReplacement(offset: insertAt, length: 0, replacement: (onItsOwnLine ? "" : "\n") + method)
    return Fix(
      title: "Register '\(key)' in \(configuration.name)" + Self.making(construction, for: key), isPreferred: true,
      edits: [.edit(path: brace.file, replacements: [insertion], lines: lines)])
  }

  private func createConfiguration(
    for key: DependencyKey, making construction: Construction, besides consumer: String,
    fileExists: (String) -> Bool
  ) -> Fix? {
    let directory = consumer.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let path = directory + "/" + Self.newConfigurationName + ".swift"
    guard !fileExists(path) else { return nil }
    let method = RegistrationStub.method(for: key, making: construction, avoiding: [])
    let text = RegistrationStub.newConfigurationFile(className: Self.newConfigurationName, method: method)
    return Fix(
      title: "Register '\(key)' in a new \(Self.newConfigurationName) configuration"
        + Self.making(construction, for: key), isPreferred: true,
      edits: [.create(path: path, text: text)])
  }

  /// ` making 'Impl'` when the key is not the type constructed; empty otherwise.
  static func making(_ construction: Construction, for key: DependencyKey) -> String {
    construction.type == key.name ? "" : " making '\(construction.type)'"
  }
}

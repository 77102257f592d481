/// One way to make an instance for a key: an initializer or a configuration method.
///
/// A type with two initializers that provides two keys yields four factories.
public struct Factory: Hashable, Sendable {
  /// How the instance is made.
  public enum Kind: Hashable, Sendable {
    /// `type.init(parameters…)`.
    case initializer(type: String, parameters: [FactoryParameter])
    /// `configuration.methodName(parameters…).makeInstance()`.
    case configurationMethod(
      configuration: DependencyKey, methodName: String, parameters: [FactoryParameter])
  }

  /// The fields, in one shared immutable object: a factory is copied into its file's
  /// analysis, its key's selection and the graph's tables, and each copy is then one
  /// reference instead of 168 bytes.
  private final class Fields: Sendable {
    let key: DependencyKey
    let kind: Kind
    let scope: Scope
    let isThrowing: Bool
    let requiredModules: [String]
    let range: SourceRange

    init(
      key: DependencyKey, kind: Kind, scope: Scope, isThrowing: Bool, requiredModules: [String], range: SourceRange
    ) {
      self.key = key
      self.kind = kind
      self.scope = scope
      self.isThrowing = isThrowing
      self.requiredModules = requiredModules
      self.range = range
    }
  }

  private var fields: Fields

  /// What the factory provides.
  public var key: DependencyKey { fields.key }
  /// How it is made.
  public var kind: Kind { fields.kind }
  /// The instance's lifetime.
  public var scope: Scope { fields.scope }
  /// `true` when making the instance can throw.
  public var isThrowing: Bool { fields.isThrowing }
  /// Modules generated code must import to call this factory.
  public var requiredModules: [String] { fields.requiredModules }
  /// Where the factory is declared: the `init` keyword, the method name, or the start of
  /// the `.dpendmodule` file it was read from.
  public var range: SourceRange { fields.range }

  public init(
    key: DependencyKey, kind: Kind, scope: Scope = .unique, isThrowing: Bool = false,
    requiredModules: [String] = [], range: SourceRange
  ) {
    fields = Fields(
      key: key, kind: kind, scope: scope, isThrowing: isThrowing, requiredModules: requiredModules, range: range)
  }

  public static func == (lhs: Factory, rhs: Factory) -> Bool {
    if lhs.fields === rhs.fields { return true }
    return lhs.key == rhs.key && lhs.kind == rhs.kind && lhs.scope == rhs.scope && lhs.isThrowing == rhs.isThrowing
      && lhs.requiredModules == rhs.requiredModules && lhs.range == rhs.range
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(kind)
    hasher.combine(scope)
    hasher.combine(isThrowing)
    hasher.combine(requiredModules)
    hasher.combine(range)
  }

  /// The parameters the factory is called with.
  public var parameters: [FactoryParameter] {
    switch kind {
    case .initializer(_, let parameters), .configurationMethod(_, _, let parameters):
      return parameters
    }
  }

  /// Every key this factory needs, in order, without repeats: the configuration first
  /// (for a configuration method), then each parameter's key.
  public var dependencies: [DependencyKey] {
    var keys: [DependencyKey] = []
    if case .configurationMethod(let configuration, _, _) = kind { keys.append(configuration) }
    for parameter in parameters where !keys.contains(parameter.dependency) {
      keys.append(parameter.dependency)
    }
    return keys
  }

  /// The keys that must have a provider, each with where the need is declared: the
  /// configuration (at the method's name) and every non-optional parameter.
  public var requiredDependencies: [(key: DependencyKey, range: SourceRange)] {
    var result: [(key: DependencyKey, range: SourceRange)] = []
    if case .configurationMethod(let configuration, _, _) = kind { result.append((configuration, range)) }
    for parameter in parameters where !parameter.isOptional {
      result.append((parameter.dependency, parameter.range))
    }
    return result
  }

  /// What provides the key: the type for an initializer, `Configuration.method` for a
  /// configuration method. Two factories with different providers for one key are ambiguous.
  public var provider: String {
    switch kind {
    case .initializer(let type, _): return type
    case .configurationMethod(let configuration, let methodName, _):
      return "\(configuration.name).\(methodName)"
    }
  }

  /// The factory as a Swift developer names it: `CDImpl.init(a:)`, `Config.service(store:)`.
  public var displayName: String {
    let labels = parameters.map { "\($0.label):" }.joined()
    switch kind {
    case .initializer(let type, _): return "\(type).init(\(labels))"
    case .configurationMethod(let configuration, let methodName, _):
      return "\(configuration.name).\(methodName)(\(labels))"
    }
  }
}

/// A parameter a factory is called with.
public struct FactoryParameter: Hashable, Sendable {
  /// The argument label, or `_` when there is none.
  public var label: String
  /// The key resolved for this argument; tagged when declared as `Tagged<T, Tag>`.
  public var dependency: DependencyKey
  /// `true` for `T?`: passed `nil` when nothing provides the key.
  public var isOptional: Bool
  /// The parameter's type in source, where the edge to the dependency is reported.
  public var range: SourceRange

  public init(
    label: String, dependency: DependencyKey, isOptional: Bool = false, range: SourceRange
  ) {
    self.label = label
    self.dependency = dependency
    self.isOptional = isOptional
    self.range = range
  }
}

extension Factory: BinaryCoded {
  public init() { self.init(key: DependencyKey(), kind: Kind(), range: SourceRange()) }

  /// Shared (``BinaryCoder/codeShared(_:_:)``): the copies of a factory in its file's
  /// analysis, its key's selection and the graph's tables read back as one.
  public mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.codeShared(&fields) { coder, fields throws(SummaryDecodingError) in
      var key = fields.key
      var kind = fields.kind
      var scope = fields.scope
      var isThrowing = fields.isThrowing
      var requiredModules = fields.requiredModules
      var range = fields.range
      try coder.code(&key)
      try coder.code(&kind)
      try coder.code(&scope)
      try coder.code(&isThrowing)
      try coder.code(&requiredModules)
      try coder.code(&range)
      guard coder.isReading else { return }
      fields = Fields(
        key: key, kind: kind, scope: scope, isThrowing: isThrowing, requiredModules: requiredModules, range: range)
    }
  }
}

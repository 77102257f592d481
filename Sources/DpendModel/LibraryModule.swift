/// The `.dpendmodule` format: the public factories of a library, as a JSON array.
///
/// ```json
/// {"dependencies":[{"name":"A"}], "key":{"name":"B"},
///  "kind":{"initializer":{"parameters":[{"dependency":{"name":"A"},"name":"a"}],"type":"B"}},
///  "requiredModules":[]}
/// ```
/// A tag appears as `"tag"` inside a key. Fields that hold their default value are left
/// out (`"scope"` when `unique`, `"optional"` and `"throws"` when `false`).
public enum LibraryModule {
  /// The pretty-printed document for `factories`, in the order given, ending in a newline.
  public static func encode(_ factories: [Factory]) -> String {
    JSONValue.array(factories.map(json(for:))).prettyPrinted() + "\n"
  }

  /// The factories in a `.dpendmodule` document; `file` becomes their location.
  /// - Throws: ``LibraryModuleError`` naming the offending element.
  public static func decode(_ text: String, file: String) throws(LibraryModuleError) -> [Factory] {
    let document: JSONValue
    do {
      document = try JSONValue.parse(text)
    } catch {
      throw LibraryModuleError(file: file, path: "", reason: "invalid JSON: \(error)")
    }
    guard let elements = document.arrayValue else {
      throw LibraryModuleError(
        file: file, path: "", reason: "expected an array of factories, found \(document.kindDescription)")
    }
    var reader = LibraryModuleReader(file: file)
    var factories: [Factory] = []
    for (index, element) in elements.enumerated() {
      factories.append(try reader.factory(element, path: "[\(index)]"))
    }
    return factories
  }

  static func json(for key: DependencyKey) -> JSONValue {
    var members: [String: JSONValue] = ["name": .string(key.name)]
    if let tag = key.tag { members["tag"] = .string(tag) }
    return .object(members)
  }

  static func json(for parameter: FactoryParameter) -> JSONValue {
    var members: [String: JSONValue] = [
      "dependency": json(for: parameter.dependency), "name": .string(parameter.label),
    ]
    if parameter.isOptional { members["optional"] = .bool(true) }
    return .object(members)
  }

  static func json(for factory: Factory) -> JSONValue {
    let kind: JSONValue
    switch factory.kind {
    case .initializer(let type, let parameters):
      kind = .object([
        "initializer": .object([
          "parameters": .array(parameters.map(json(for:))), "type": .string(type),
        ])
      ])
    case .configurationMethod(let configuration, let methodName, let parameters):
      kind = .object([
        "configurationMethod": .object([
          "configuration": json(for: configuration), "methodName": .string(methodName),
          "parameters": .array(parameters.map(json(for:))),
        ])
      ])
    }
    var members: [String: JSONValue] = [
      "dependencies": .array(factory.dependencies.map(json(for:))),
      "key": json(for: factory.key),
      "kind": kind,
      "requiredModules": .array(factory.requiredModules.map(JSONValue.string)),
    ]
    if factory.scope != .unique { members["scope"] = .string(factory.scope.rawValue) }
    if factory.isThrowing { members["throws"] = .bool(true) }
    return .object(members)
  }
}

/// A `.dpendmodule` file that cannot be used, with the JSON path of the bad element.
public struct LibraryModuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file's path.
  public var file: String
  /// Where in the document, e.g. `[2].key.name`; empty for the whole document.
  public var path: String
  /// What is wrong.
  public var reason: String

  public var description: String {
    path.isEmpty ? "\(file): \(reason)" : "\(file): \(path): \(reason)"
  }
}

/// Turns JSON elements of a `.dpendmodule` document into factories.
private struct LibraryModuleReader {
  let file: String

  func fail(_ path: String, _ reason: String) -> LibraryModuleError {
    LibraryModuleError(file: file, path: path, reason: reason)
  }

  func object(_ value: JSONValue?, _ path: String) throws(LibraryModuleError) -> [String: JSONValue] {
    guard let value else { throw fail(path, "missing field") }
    guard let members = value.objectValue else {
      throw fail(path, "expected an object, found \(value.kindDescription)")
    }
    return members
  }

  func string(_ value: JSONValue?, _ path: String) throws(LibraryModuleError) -> String {
    guard let value else { throw fail(path, "missing field") }
    guard let text = value.stringValue, !text.isEmpty else {
      throw fail(path, "expected a non-empty string, found \(value.kindDescription)")
    }
    return text
  }

  func array(_ value: JSONValue?, _ path: String) throws(LibraryModuleError) -> [JSONValue] {
    guard let value else { return [] }
    guard let elements = value.arrayValue else { throw fail(path, "expected an array, found \(value.kindDescription)") }
    return elements
  }

  func bool(_ value: JSONValue?, _ path: String) throws(LibraryModuleError) -> Bool {
    guard let value else { return false }
    guard let flag = value.boolValue else { throw fail(path, "expected a boolean, found \(value.kindDescription)") }
    return flag
  }

  func key(_ value: JSONValue?, _ path: String) throws(LibraryModuleError) -> DependencyKey {
    let members = try object(value, path)
    let tag = members["tag"] == nil ? nil : try string(members["tag"], path + ".tag")
    return DependencyKey(name: try string(members["name"], path + ".name"), tag: tag)
  }

  func parameters(_ value: JSONValue?, _ path: String) throws(LibraryModuleError) -> [FactoryParameter] {
    var result: [FactoryParameter] = []
    for (index, element) in try array(value, path).enumerated() {
      let elementPath = "\(path)[\(index)]"
      let members = try object(element, elementPath)
      result.append(
        FactoryParameter(
          label: try string(members["name"], elementPath + ".name"),
          dependency: try key(members["dependency"], elementPath + ".dependency"),
          isOptional: try bool(members["optional"], elementPath + ".optional"),
          range: .startOfFile(file)))
    }
    return result
  }

  mutating func factory(_ value: JSONValue, path: String) throws(LibraryModuleError) -> Factory {
    let members = try object(value, path)
    let kindMembers = try object(members["kind"], path + ".kind")
    let kind: Factory.Kind
    if let initializer = kindMembers["initializer"] {
      let fields = try object(initializer, path + ".kind.initializer")
      kind = .initializer(
        type: try string(fields["type"], path + ".kind.initializer.type"),
        parameters: try parameters(fields["parameters"], path + ".kind.initializer.parameters"))
    } else if let method = kindMembers["configurationMethod"] {
      let base = path + ".kind.configurationMethod"
      let fields = try object(method, base)
      kind = .configurationMethod(
        configuration: try key(fields["configuration"], base + ".configuration"),
        methodName: try string(fields["methodName"], base + ".methodName"),
        parameters: try parameters(fields["parameters"], base + ".parameters"))
    } else {
      throw fail(path + ".kind", "expected \"initializer\" or \"configurationMethod\"")
    }
    var scope = Scope.unique
    if members["scope"] != nil {
      let name = try string(members["scope"], path + ".scope")
      guard let parsed = Scope(rawValue: name) else { throw fail(path + ".scope", "unknown scope '\(name)'") }
      scope = parsed
    }
    return Factory(
      key: try key(members["key"], path + ".key"), kind: kind, scope: scope,
      isThrowing: try bool(members["throws"], path + ".throws"),
      requiredModules: try array(members["requiredModules"], path + ".requiredModules").enumerated().map {
        (index, element) throws(LibraryModuleError) in
        try string(element, "\(path).requiredModules[\(index)]")
      },
      range: .startOfFile(file))
  }
}

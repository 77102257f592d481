extension JSONValue {
  /// `type` decoded from this value, as `JSONDecoder` decodes it from the value's text: a
  /// missing key is `DecodingError.keyNotFound`, a value of another kind
  /// `DecodingError.typeMismatch`, each with the coding path of where it was looked for.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try T(from: ValueDecoder(value: self, codingPath: []))
  }
}

/// Reads a ``JSONValue`` for `Decodable` types: the tree is already parsed, nothing is read
/// from text again.
private struct ValueDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else { throw mismatch([String: JSONValue].self, value, codingPath) }
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw mismatch([JSONValue].self, value, codingPath) }
    return UnkeyedContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(value: value, codingPath: codingPath)
  }
}

/// The error for `value` found where a `T` was expected.
private func mismatch<T>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) -> DecodingError {
  DecodingError.typeMismatch(
    type, DecodingError.Context(codingPath: path, debugDescription: "expected \(type), found \(value.kindDescription)"))
}

/// `T` read from `value`: a JSON value as it is (an `LSPAny` field), a primitive directly,
/// any other type through its `init(from:)`.
private func decodeValue<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ path: [any CodingKey]) throws -> T {
  if let same = value as? T { return same }
  if let primitive = T.self as? any JSONPrimitive.Type {
    guard let read = primitive.read(value) else {
      switch value {
      case .int, .double:
        guard T.self is any Numeric.Type else { throw mismatch(type, value, path) }
        // A number the type cannot hold (`1.5` for an `Int`): `JSONDecoder` reports it with
        // an empty coding path, and the server's replies name that path.
        throw DecodingError.dataCorrupted(
          DecodingError.Context(codingPath: [], debugDescription: "the number does not fit \(type)"))
      default: throw mismatch(type, value, path)
      }
    }
    return read as! T
  }
  return try T(from: ValueDecoder(value: value, codingPath: path))
}

/// A type read from one JSON scalar: a number into any integer type that holds it exactly or
/// into a floating-point type, a boolean, a string.
private protocol JSONPrimitive {
  static func read(_ value: JSONValue) -> Self?
}

extension Bool: JSONPrimitive {
  static func read(_ value: JSONValue) -> Bool? {
    if case .bool(let bool) = value { return bool }
    return nil
  }
}

extension String: JSONPrimitive {
  static func read(_ value: JSONValue) -> String? { value.stringValue }
}

extension JSONPrimitive where Self: BinaryInteger {
  static func read(_ value: JSONValue) -> Self? {
    switch value {
    case .int(let int): return Self(exactly: int)
    case .double(let double): return double.isFinite ? Self(exactly: double) : nil
    default: return nil
    }
  }
}

extension JSONPrimitive where Self: BinaryFloatingPoint {
  static func read(_ value: JSONValue) -> Self? {
    switch value {
    case .int(let int): return Self(int)
    case .double(let double):
      let converted = Self(double)
      return converted.isFinite ? converted : nil
    default: return nil
    }
  }
}

extension Int: JSONPrimitive {}
extension Int8: JSONPrimitive {}
extension Int16: JSONPrimitive {}
extension Int32: JSONPrimitive {}
extension Int64: JSONPrimitive {}
extension UInt: JSONPrimitive {}
extension UInt8: JSONPrimitive {}
extension UInt16: JSONPrimitive {}
extension UInt32: JSONPrimitive {}
extension UInt64: JSONPrimitive {}
extension Double: JSONPrimitive {}
extension Float: JSONPrimitive {}

/// An array element's place in a coding path (`[2]`).
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

private struct SingleContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type, value, codingPath) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.keys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func member(_ key: Key) throws -> JSONValue {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "no value for '\(key.stringValue)'"))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decodeValue(type, try member(key), codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(members), codingPath: codingPath) }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  private(set) var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  /// The next element and its path, or the error for reading past the end.
  private mutating func next<T>(_ type: T.Type) throws -> (JSONValue, [any CodingKey]) {
    let path = codingPath + [IndexKey(currentIndex)]
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: path, debugDescription: "the array has no more elements"))
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], path)
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, path) = try next(type)
    return try decodeValue(type, value, path)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type
  ) throws -> KeyedDecodingContainer<NestedKey> {
    let (value, path) = try next(KeyedDecodingContainer<NestedKey>.self)
    return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, path) = try next((any UnkeyedDecodingContainer).self)
    return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, path) = try next((any Decoder).self)
    return ValueDecoder(value: value, codingPath: path)
  }
}

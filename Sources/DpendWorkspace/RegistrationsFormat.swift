import DpendModel

/// The factories of ``KeptRegistrations`` as bytes: what generated code shows of each, in
/// one flat pass (no string table, no positions), since a change that adds one provider
/// writes the whole table again and the next reads it whole.
///
/// A factory is its key, its kind (0, an initializer: the type; 1, a configuration method:
/// the configuration's key and the method's name), its parameters (a count, then each
/// one's label, key and whether it is optional), its scope's name, whether it throws, and
/// its required modules (a count, then each). A key is its name and its tag (a flag, then
/// the tag). A string is its UTF-8 length then its bytes; counts and lengths are
/// variable-length unsigned integers (seven bits a byte, lowest first).
///
/// Read back, every range of a factory is the empty range at the start of an unnamed file:
/// positions are never kept.
enum RegistrationsFormat {
  /// Appends the count of `factories`, then each one.
  static func append(_ factories: [Factory], to bytes: inout [UInt8]) {
    var writer = Writer(bytes: bytes)
    bytes = []
    writer.count(factories.count)
    for factory in factories { writer.factory(factory) }
    bytes = writer.bytes
  }

  /// What ``append(_:to:)`` wrote, when it is all of `buffer`; `nil` otherwise.
  static func factories(_ buffer: UnsafeRawBufferPointer) -> [Factory]? {
    var reader = Reader(buffer: buffer)
    guard let count = reader.count(), count <= buffer.count else { return nil }
    var factories: [Factory] = []
    factories.reserveCapacity(count)
    for _ in 0..<count {
      guard let factory = reader.factory() else { return nil }
      factories.append(factory)
    }
    return reader.offset == buffer.count ? factories : nil
  }

  /// Where a factory read back is: nowhere.
  static let noRange = SourceRange(
    file: "", start: SourcePosition(line: 0, column: 0, offset: 0), end: SourcePosition(line: 0, column: 0, offset: 0))

  private struct Writer {
    var bytes: [UInt8]

    mutating func count(_ value: Int) {
      var value = UInt(value)
      while value >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }

    mutating func string(_ value: String) {
      count(value.utf8.count)
      bytes.append(contentsOf: value.utf8)
    }

    mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func key(_ key: DependencyKey) {
      string(key.name)
      flag(key.tag != nil)
      if let tag = key.tag { string(tag) }
    }

    mutating func factory(_ factory: Factory) {
      key(factory.key)
      switch factory.kind {
      case .initializer(let type, _):
        bytes.append(0)
        string(type)
      case .configurationMethod(let configuration, let methodName, _):
        bytes.append(1)
        key(configuration)
        string(methodName)
      }
      count(factory.parameters.count)
      for parameter in factory.parameters {
        string(parameter.label)
        key(parameter.dependency)
        flag(parameter.isOptional)
      }
      string(factory.scope.rawValue)
      flag(factory.isThrowing)
      count(factory.requiredModules.count)
      for module in factory.requiredModules { string(module) }
    }
  }

  private struct Reader {
    let buffer: UnsafeRawBufferPointer
    var offset = 0

    mutating func byte() -> UInt8? {
      guard offset < buffer.count else { return nil }
      defer { offset += 1 }
      return buffer[offset]
    }

    mutating func count() -> Int? {
      var value = 0
      var shift = 0
      while shift < 63, let byte = byte() {
        value |= Int(byte & 0x7F) << shift
        if byte < 0x80 { return value }
        shift += 7
      }
      return nil
    }

    mutating func flag() -> Bool? {
      switch byte() {
      case 0: return false
      case 1: return true
      default: return nil
      }
    }

    /// Bytes that are not UTF-8 are read as replacement characters: the checksum has shown
    /// them to be the ones written, from strings.
    mutating func string() -> String? {
      guard let length = count(), length <= buffer.count - offset else { return nil }
      guard length > 0, let base = buffer.baseAddress else { return "" }
      defer { offset += length }
      let bytes = UnsafeBufferPointer(start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
      return String(decoding: bytes, as: UTF8.self)
    }

    mutating func key() -> DependencyKey? {
      guard let name = string(), let tagged = flag() else { return nil }
      guard tagged else { return DependencyKey(name: name) }
      return string().map { DependencyKey(name: name, tag: $0) }
    }

    mutating func strings() -> [String]? {
      guard let count = count(), count <= buffer.count - offset else { return nil }
      var values: [String] = []
      for _ in 0..<count {
        guard let value = string() else { return nil }
        values.append(value)
      }
      return values
    }

    mutating func factory() -> Factory? {
      guard let key = key(), let kind = byte() else { return nil }
      var type = ""
      var method: (configuration: DependencyKey, name: String)?
      switch kind {
      case 0:
        guard let name = string() else { return nil }
        type = name
      case 1:
        guard let configuration = self.key(), let name = string() else { return nil }
        method = (configuration, name)
      default:
        return nil
      }
      guard let parameterCount = count(), parameterCount <= buffer.count - offset else { return nil }
      var parameters: [FactoryParameter] = []
      parameters.reserveCapacity(parameterCount)
      for _ in 0..<parameterCount {
        guard let label = string(), let dependency = self.key(), let isOptional = flag() else { return nil }
        parameters.append(
          FactoryParameter(
            label: label, dependency: dependency, isOptional: isOptional, range: RegistrationsFormat.noRange))
      }
      guard let scopeName = string(), let scope = Scope(rawValue: scopeName), let isThrowing = flag(),
        let modules = strings()
      else { return nil }
      let made: Factory.Kind =
        method.map {
          .configurationMethod(configuration: $0.configuration, methodName: $0.name, parameters: parameters)
        }
        ?? .initializer(type: type, parameters: parameters)
      return Factory(
        key: key, kind: made, scope: scope, isThrowing: isThrowing, requiredModules: modules,
        range: RegistrationsFormat.noRange)
    }
  }
}

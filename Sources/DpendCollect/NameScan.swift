import DpendModel

/// Finds the names a file's text mentions (``DpendModel/NameMentions``) in one pass over its
/// bytes: identifiers outside comments that are called, constructed or followed by a member,
/// but for those a declaration keyword names (`func registerCore`, `class StorageAssembly`)
/// and Swift's keywords, each placed in the innermost gate body around it. No syntax tree is
/// walked: the gate bodies come from the container reading. A function passed by name
/// (`setUps.append(registerCore)`, `let setUp = registerCore`) is a mention too.
enum NameScan {
  /// Swift's keywords and the names every file writes, by hash: never a gate's name, so not
  /// kept (a file's mentions are held for every file).
  private static let ignored = HashSlots(
    [
      "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
      "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
      "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
      "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
      "self", "Self", "super", "throw", "throws", "true", "try", "await", "async", "final", "override", "some", "any",
      "lazy", "weak", "unowned", "mutating", "convenience", "required", "get", "set", "didSet", "willSet", "String",
      "Int", "Bool", "Double", "Void", "Optional", "Array", "Dictionary", "print", "fatalError",
    ].map(NameMentions.hash))

  /// The hashes of ``declaring``'s keywords, for a quick test before the lookup.
  private static let declaringHashes = HashSlots(Array(declaring.keys))

  /// The bytes after a name (spaces skipped) that make it a use, by byte: a call, a member,
  /// a trailing closure, generic arguments, or a value passed on or stored (`)`, `,`, `]`,
  /// `}`, the end of a line).
  private static let followsAUse: [Bool] = (0..<256).map { "(.{<),]}\n\r".utf8.contains(UInt8($0)) }

  /// The keywords whose next identifier is declared, not mentioned, by hash.
  private static let declaring: [UInt32: String] = Dictionary(
    uniqueKeysWithValues: [
      "func", "class", "struct", "enum", "extension", "actor", "protocol", "typealias", "let", "var", "associatedtype",
    ].map { (NameMentions.hash($0), $0) })

  /// The mentions of `source`, with the byte ranges of its gate-shaped functions' bodies.
  static func mentions(in source: String, gateBodies: [(gate: String, body: Range<Int>)]) -> NameMentions {
    let ignored = Self.ignored
    let declaringHashes = Self.declaringHashes
    let followsAUse = Self.followsAUse
    var outside: [UInt32] = []
    var inside: [String: Set<UInt32>] = [:]
    var text = source
    text.withUTF8 { bytes in
      let count = bytes.count
      var index = 0
      var previousDeclares = false
      while index < count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
          while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
          continue
        }
        if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
          index = endOfBlockComment(bytes, from: index + 2)
          continue
        }
        if isWordStart(byte) {
          let start = index
          var hash: UInt32 = 2_166_136_261
          while index < count, isWordByte(bytes[index]) {
            hash = (hash ^ UInt32(bytes[index])) &* 16_777_619
            index += 1
          }
          // Only a name called, constructed or followed by a member (`registerCore()`,
          // `StorageAssembly()`, `Assembly.init`, `Helper<T>()`, `configure { … }`), or passed
          // or stored as a value (`append(registerCore)`, `[registerCore, registerHUD]`,
          // `let setUp = registerCore`), can reach a gate; a label or a declaration's name
          // cannot.
          var next = index
          while next < count, bytes[next] == UInt8(ascii: " ") { next += 1 }
          // The end of the text ends a line: a comment appended changes nothing.
          let isUse = next == count || followsAUse[Int(bytes[next])]
          if !previousDeclares, isUse, !ignored.contains(hash) {
            if !gateBodies.isEmpty, let body = gateBodies.last(where: { $0.body.contains(start) }) {
              inside[body.gate, default: []].insert(hash)
            } else {
              outside.append(hash)
            }
          }
          // A declaration's own name is not a mention.
          previousDeclares =
            declaringHashes.contains(hash)
            && (Self.declaring[hash].map { keyword in keyword.utf8.elementsEqual(bytes[start..<index]) } ?? false)
          continue
        }
        if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
          while index < count, isWordByte(bytes[index]) { index += 1 }
          previousDeclares = false
          continue
        }
        if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\n") && byte != UInt8(ascii: "\t")
          && byte != UInt8(ascii: "\r")
        {
          previousDeclares = false
        }
        index += 1
      }
    }
    outside.sort()
    return NameMentions(
      outside: outside.indices.filter { $0 == 0 || outside[$0] != outside[$0 - 1] }.map { outside[$0] },
      inside: inside.keys.sorted().map { NameMentions.GateBody(gate: $0, hashes: inside[$0]!.sorted()) })
  }

  /// Past the `*/` closing a block comment opened before `index` (nested ones included).
  private static func endOfBlockComment(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
    var index = index
    var depth = 1
    while index < bytes.count, depth > 0 {
      if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        depth -= 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else {
        index += 1
      }
    }
    return index
  }

  private static func isWordStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_") || byte >= 0x80
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    isWordStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }
}

/// A set of 32-bit hashes in open-addressed slots, looked up without hashing them again
/// (a `Set` would run its own hasher on each): for the few fixed names `NameScan` asks
/// about once per word.
private struct HashSlots {
  private var slots: [UInt32]
  private let mask: Int
  /// Whether 0, the empty slot's value, is one of the hashes.
  private var hasZero = false

  init(_ hashes: [UInt32]) {
    var size = 16
    while size < hashes.count * 4 { size *= 2 }
    slots = [UInt32](repeating: 0, count: size)
    mask = size - 1
    for hash in hashes {
      guard hash != 0 else {
        hasZero = true
        continue
      }
      var index = Int(hash) & mask
      while slots[index] != 0 && slots[index] != hash { index = (index + 1) & mask }
      slots[index] = hash
    }
  }

  func contains(_ hash: UInt32) -> Bool {
    guard hash != 0 else { return hasZero }
    var index = Int(hash) & mask
    while true {
      let slot = slots[index]
      if slot == hash { return true }
      if slot == 0 { return false }
      index = (index + 1) & mask
    }
  }
}

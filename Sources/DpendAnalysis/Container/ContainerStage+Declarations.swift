import DpendModel

/// What the container stage keeps of the declarations its typing and checks read (a type's
/// initializers, a protocol's inheritance), so that an edit of a file they read types and
/// checks again only those that read a declaration it changed: a class appended to a file of
/// protocols changes none of the declarations read there, and types nothing again.
///
/// Each file read keeps, by the stable hash of each declaration's last name (as a
/// ``NameWatch`` records a name looked up), the digest of that declaration. An edit of the
/// file compares its declarations with them; the names whose declaration was added, removed
/// or changed are then looked for among what each reader watched. A file's digests are made
/// when something first reads it and replaced at each of its changes: they are of the
/// current text, which for every name a reader watched is the text it read.
extension ContainerStage {
  /// The digest of each declaration of `declared` by the hash of its name's last component;
  /// two of one last name (nested types) share one entry, their digests combined in order.
  static func declarationDigests(
    _ declared: (types: [TypeDeclaration], protocols: [ProtocolDeclaration])?
  ) -> [UInt64: UInt64] {
    var digests: [UInt64: UInt64] = [:]
    func add(_ name: String, _ bytes: [UInt8]) {
      let key = StableHash.of(SymbolTable.lastComponent(name))
      let digest = StableHash.of(bytes[...])
      digests[key] = digests[key].map { $0 &* 1_099_511_628_211 &+ digest } ?? digest
    }
    for type in declared?.types ?? [] { add(type.name, BinaryCoder.encoded(type)) }
    for declaration in declared?.protocols ?? [] { add(declaration.name, BinaryCoder.encoded(declaration)) }
    return digests
  }

  /// Compares the declarations of the `changed` files with the digests kept of them, and
  /// keeps the new ones (none for a file gone): the hashes of the names whose declaration
  /// changed, and the changed files no digests were kept of (whose every declaration counts
  /// as changed).
  mutating func declarationChanges(
    _ changed: Set<String>, _ declarations: (String) -> (types: [TypeDeclaration], protocols: [ProtocolDeclaration])?
  ) -> (names: Set<UInt64>, unknown: Set<String>) {
    var names: Set<UInt64> = []
    var unknown: Set<String> = []
    for path in changed {
      guard let old = declarationDigests.removeValue(forKey: path) else {
        unknown.insert(path)
        continue
      }
      let declared = declarations(path)
      let new = Self.declarationDigests(declared)
      for (key, digest) in old where new[key] != digest { names.insert(key) }
      for key in new.keys where old[key] == nil { names.insert(key) }
      // The new text's: a reader not typed again watched none of the names that changed, and
      // the others read the new text.
      declarationDigests[path] = declared == nil ? nil : new
    }
    return (names, unknown)
  }

  /// Keeps the digests of the declarations of each of `paths` not kept yet (files just read),
  /// made on all cores.
  mutating func keepDeclarationDigests(
    of paths: some Sequence<String>,
    _ declarations: @Sendable (String) -> (types: [TypeDeclaration], protocols: [ProtocolDeclaration])?
  ) {
    let new = Array(Set(paths.filter { declarationDigests[$0] == nil }))
    let digests = Parallel.map(new.count, minimum: 64) { Self.declarationDigests(declarations(new[$0])) }
    for (path, digests) in zip(new, digests) { declarationDigests[path] = digests }
  }
}

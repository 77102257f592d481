import DpendModel

/// Every question asked of a ``SymbolTable``, by the qualified name it was about (as a
/// ``StableHash``): what lets a table built from some of the workspace's files stand for
/// the whole workspace's (``UnchangedGraph``'s sparse check).
///
/// A question is about a name's declarations, or about its conformances too:
/// - What a name means, and whether a type, protocol or typealias has it, depends only on
///   the declarations of exactly that name and on every typealias (a name written through
///   one may become any other). Looking a name up from a scope asks about the name inside
///   each enclosing scope too.
/// - A type's conformances, and whether a class is a configuration, depend on the
///   extensions written with its name (or with it behind a module's name: `App.Store` may
///   mean `Store`) as well: those questions are recorded apart (``askedExtensions``). A
///   name no class of the table has is no configuration, whatever extends it.
///
/// So a table holding every declaration of the names asked about, every extension of the
/// names whose extensions were asked about, and every typealias, gave every answer the
/// whole workspace's table would have given.
///
/// An update of the table also resolves again the extensions of other files whose extended
/// type ends like a name the update changed, without being asked. Such an extension
/// resolves otherwise only when its written name (or that name behind a module's name, or a
/// typealias) now names another declaration; the names the changed files declare are in
/// both of the sparse check's sets from the start, and every typealias is in the table, so
/// the extensions that can move are there too.
///
/// One thing the table computes has no such name: whether every class is a configuration
/// (after a typealias changed, or a name a typealias ends in). A sparse table cannot tell
/// that, so the audit records that it was asked (``askedOfEveryClass``). Nor can hashes of
/// bytes stand for a name that is not ASCII (``askedNonASCII``).
final class SymbolAudit: Sendable {
  private let state = Locked(State())

  private struct State {
    var asked: Set<UInt64> = []
    var extensions: Set<UInt64> = []
    var everyClass = false
    var nonASCII = false
  }

  /// An audit that has recorded nothing.
  init() {}

  /// Records a question about the declarations of the qualified name `name`.
  func ask(_ name: some StringProtocol) {
    let hash = StableHash.of(Substring(name))
    let nonASCII = !name.utf8.allSatisfy { $0 < 0x80 }
    state.withLock {
      $0.asked.insert(hash)
      if nonASCII { $0.nonASCII = true }
    }
  }

  /// Records a question about the declarations and the extensions of `name`.
  func askWithExtensions(_ name: String) {
    ask(name)
    let hash = StableHash.of(Substring(name))
    state.withLock { _ = $0.extensions.insert(hash) }
  }

  /// Records that the table decided again for every class whether it is a configuration,
  /// reporting the changes.
  func askEveryClass() {
    state.withLock { $0.everyClass = true }
  }

  /// The qualified names whose declarations were asked about, hashed.
  var asked: Set<UInt64> { state.withLock { $0.asked } }

  /// The qualified names whose extensions were asked about, hashed.
  var askedExtensions: Set<UInt64> { state.withLock { $0.extensions } }

  /// `true` when the table was asked to decide for every class (see the type's discussion).
  var askedOfEveryClass: Bool { state.withLock { $0.everyClass } }

  /// `true` when a name asked about is not ASCII. The table compares names as Swift strings,
  /// where canonically equivalent spellings are one name, and the hashes compare bytes: an
  /// ASCII name may stand for a spelling that is not (the Kelvin sign is a `K`), so no set
  /// of hashes can stand for a name that is not ASCII.
  var askedNonASCII: Bool { state.withLock { $0.nonASCII } }
}

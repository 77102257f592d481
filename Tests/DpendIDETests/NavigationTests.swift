import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

@Suite struct NavigationTests {
  static let store = MarkedText(
    """
    protocol Store {}
    final class 1️⃣StoreImpl: Store {}
    final class 2️⃣BackupStoreImpl: Store {}
    """)
  static let feed = MarkedText(
    """
    protocol Feed {}
    final class FeedImpl: Feed {
      init(store: 3️⃣Store) {}
    }
    final class ScreenImpl {
      4️⃣init(feed: Feed, store: 5️⃣Store) {}
    }
    """)

  @Test func goToProviderListsTheChosenFactoryThenTheOtherCandidates() throws {
    let ide = try ide(["Store.swift": Self.store, "Feed.swift": Self.feed])
    #expect(
      ide.providers(at: Self.feed.position("3️⃣").offset, in: "Feed.swift") == [
        Self.store.range("1️⃣", covering: "StoreImpl", in: "Store.swift"),
        Self.store.range("2️⃣", covering: "BackupStoreImpl", in: "Store.swift"),
      ])
    // Not on a dependency: no answer at all.
    #expect(ide.providers(at: Self.feed.position("4️⃣").offset, in: "Feed.swift") == nil)
  }

  @Test func referencesOnAProviderListItsConsumers() throws {
    let ide = try ide(["Store.swift": Self.store, "Feed.swift": Self.feed])
    let consumers = [
      Self.feed.range("3️⃣", covering: "Store", in: "Feed.swift"),
      Self.feed.range("5️⃣", covering: "Store", in: "Feed.swift"),
    ]
    let provider = Self.store.range("1️⃣", covering: "StoreImpl", in: "Store.swift")
    let offset = Self.store.position("1️⃣").offset
    #expect(ide.consumers(at: offset, in: "Store.swift", includeDeclaration: false) == consumers)
    #expect(ide.consumers(at: offset, in: "Store.swift", includeDeclaration: true) == [provider] + consumers)
    // On a dependency: every parameter needing the same key.
    #expect(
      ide.consumers(at: Self.feed.position("5️⃣").offset, in: "Feed.swift", includeDeclaration: true) == consumers)
  }
}

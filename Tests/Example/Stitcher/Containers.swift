import Stitcher

/// The app's containers, merged into one graph at launch. Stitcher checks a container's
/// requirements only when it is activated, in debug builds.
let accountContainer = DependencyContainer("Account") {
  Dependency(implementing: SessionStore.self, KeychainSessionStore.init)
  Dependency("authenticator") {
    PasswordAuthenticator(sessions: try! DependencyGraph.active.inject())
  }
} requires: {
  Requirement(.name("authenticator"))
  // Nothing provides an analytics service under this name.
  Requirement(.name("analytics"))
}

let mediaContainer = DependencyContainer("Media") {
  Dependency(ImageUploader.init)
  // The account container provides this name already: merging the two fails.
  Dependency("authenticator") { PasswordAuthenticator(sessions: KeychainSessionStore()) }
}

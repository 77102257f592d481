import Foundation

protocol Authenticator {
  func signIn(email: String, password: String) async throws
}

protocol SessionStore {
  var token: String? { get }
}

final class KeychainSessionStore: SessionStore {
  var token: String? { nil }
  init() {}
}

final class PasswordAuthenticator: Authenticator {
  init(sessions: SessionStore) {}
  func signIn(email: String, password: String) async throws {}
}

final class ImageUploader {
  init() {}
}

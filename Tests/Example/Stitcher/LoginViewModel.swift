import Stitcher

final class LoginViewModel {
  @Injected("authenticator") var authenticator: Authenticator
  @Injected var uploader: ImageUploader
  // Registered as "authenticator": this name finds nothing.
  @Injected("auth") var fallback: Authenticator

  func signIn(email: String, password: String) async throws {
    try await authenticator.signIn(email: email, password: password)
  }
}

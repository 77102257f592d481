/// The types of the Apple platforms' shared instances, as the SDK declares them (SPEC 10):
/// what the compiler knows of `URLSession.shared` or `DispatchQueue.global()` without the
/// app's sources saying it. A factory returning one (`register { URLSession.shared }`)
/// registers its type, as Swift infers it; the analysed sources never declare these types, so
/// without this table each such factory would be unread.
///
/// Data, not a rule: each row is a class property or class method of the SDK's interface whose
/// declared type is written here exactly (`class var shared: URLSession { get }`,
/// `class func global(qos:) -> DispatchQueue`). A member the table does not list is unread, as
/// before; an optional one (`OperationQueue.current`) keeps its `?`.
enum PlatformStatics {
  /// The declared type of each static member, by the type's name, then the member's.
  static let types: [String: [String: String]] = [
    // Foundation
    "Bundle": ["main": "Bundle"],
    "Calendar": ["current": "Calendar", "autoupdatingCurrent": "Calendar"],
    "FileManager": ["default": "FileManager"],
    "HTTPCookieStorage": ["shared": "HTTPCookieStorage"],
    "Locale": ["current": "Locale", "autoupdatingCurrent": "Locale"],
    "NotificationCenter": ["default": "NotificationCenter"],
    "NSUbiquitousKeyValueStore": ["default": "NSUbiquitousKeyValueStore"],
    "OperationQueue": ["main": "OperationQueue", "current": "OperationQueue?"],
    "ProcessInfo": ["processInfo": "ProcessInfo"],
    "RunLoop": ["main": "RunLoop", "current": "RunLoop"],
    "Thread": ["main": "Thread", "current": "Thread"],
    "TimeZone": ["current": "TimeZone", "autoupdatingCurrent": "TimeZone"],
    "URLCache": ["shared": "URLCache"],
    "URLCredentialStorage": ["shared": "URLCredentialStorage"],
    "URLSession": ["shared": "URLSession"],
    "UserDefaults": ["standard": "UserDefaults"],
    // Dispatch
    "DispatchQueue": ["main": "DispatchQueue", "global": "DispatchQueue"],
    // UIKit
    "UIApplication": ["shared": "UIApplication"],
    "UIDevice": ["current": "UIDevice"],
    "UIPasteboard": ["general": "UIPasteboard"],
    "UIScreen": ["main": "UIScreen"],
    // AppKit
    "NSApplication": ["shared": "NSApplication"],
    "NSPasteboard": ["general": "NSPasteboard"],
    "NSWorkspace": ["shared": "NSWorkspace"],
    // Other frameworks' shared instances, reached by a class method.
    "AVAudioSession": ["sharedInstance": "AVAudioSession"],
    "CKContainer": ["default": "CKContainer"],
    "PHPhotoLibrary": ["shared": "PHPhotoLibrary"],
    "SKPaymentQueue": ["default": "SKPaymentQueue"],
    "UNUserNotificationCenter": ["current": "UNUserNotificationCenter"],
    "WCSession": ["default": "WCSession"],
    "WKWebsiteDataStore": ["default": "WKWebsiteDataStore"],
  ]

  /// The declared type of `owner.member`, where the table lists it.
  static func type(of owner: String, member: String) -> String? {
    types[owner]?[member]
  }
}

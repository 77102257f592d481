protocol PaymentProvider {}

/// Optional: the app works without a payment provider, so none being registered is fine.
final class CheckoutViewModel {
  init(orders: OrderService, payments: PaymentProvider?) {}
}

/// The deliberate mistake: analytics is used by two view models but nothing provides it.
protocol Analytics {
  func track(_ event: String)
}

/**
 * The spec's Limits table, and ours where it gives none (description, email): the one source of the
 * request fields' lengths, for the JSON schemas here, the XML transports and the payment page.
 */
export const LIMITS = {
  merchantContractId: 64,
  merchantOrderId: 38,
  source: 64,
  merchantCustomerId: 128,
  name: 256,
  pinCode: 16,
  cardholder: 128,
  description: 1024,
  email: 256,
  /** test_info.callback_url (XML TestInfo/CallbackUrl): as long as the XML service always read it. */
  callbackUrl: 1024,
} as const;

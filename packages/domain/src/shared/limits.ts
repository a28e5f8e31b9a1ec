/**
 * The spec's Limits table, and Kassa's where it gives none (description, email): every transport
 * applies the same lengths (the JSON v3 protocol carries its own copy for its schemas; a test holds
 * the two equal).
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
} as const;

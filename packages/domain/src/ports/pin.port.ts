/** Fresh PIN codes for SMS confirmation (outside the test environment, where the PIN is 1234). */
export interface PinGenerator {
  newPin(): string;
}

/** Sends a PIN by SMS. Never called in the test environment; implementations never log the PIN. */
export interface SmsSender {
  sendPin(msisdn: string, pin: string): Promise<void>;
}

// An example KASSA_SMS_SENDER module: its default export is a factory that returns an SmsSender.
// Replace sendPin with your SMS provider's API; never log the PIN.
export default function createSmsSender({ logger }) {
  return {
    async sendPin(msisdn) {
      logger.info({ msisdnLast3: msisdn.slice(-3) }, 'example SMS sender: PIN sent');
    },
  };
}

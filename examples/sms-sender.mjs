// An example KASSA_SMS_SENDER module: its default export is a factory that returns an SmsSender.
// Replace sendPin with your SMS provider's API; never log the PIN. `context` is the request that asked
// for the PIN: its requestId ties your log line to the request's own.
export default function createSmsSender({ logger }) {
  return {
    async sendPin(msisdn, _pin, context) {
      logger.info({ requestId: context?.requestId, msisdnLast3: msisdn.slice(-3) }, 'example SMS sender: PIN sent');
    },
  };
}

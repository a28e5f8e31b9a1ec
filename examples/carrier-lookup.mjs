// An example KASSA_CARRIER_LOOKUP module: its default export is a factory that returns a
// CarrierLookup (see docs/operators/production.md).
// `lookup(msisdn)` says who serves a number (POST /billing/check, and whether a number can be
// billed at all). Where a client address is comes from KASSA_GEOIP_DATABASE, not from here.
// This one serves every Russian number (7 and ten digits) through one operator named by
// EXAMPLE_CARRIER_OPERATOR: replace it with your carrier's number-portability lookup.
export default function createCarrierLookup({ env }) {
  const operator = env.EXAMPLE_CARRIER_OPERATOR ?? 'Example Operator';
  return {
    async lookup(msisdn) {
      if (!/^7[0-9]{10}$/.test(msisdn)) return undefined;
      return { country: 'RU', network: { id: 1, name: `${operator} network` }, operator: { id: 1, name: operator } };
    },
  };
}

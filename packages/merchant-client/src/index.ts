export { KassaClient, signRequest, timestampOf, type KassaClientOptions, type RawRequest, type WaitOptions } from './kassa-client.js';
export type * from './types.js';

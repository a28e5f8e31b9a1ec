export { KassaClient, signRequest, timestampOf, type KassaClientOptions, type RawRequest } from './kassa-client.js';
export type * from './types.js';

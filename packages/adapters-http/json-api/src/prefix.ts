import { OPERATIONS_PREFIX } from '@kassa-payments/protocol';
import { routePath } from './register-operations.js';

/** Where the JSON v3 API lives, as the route table spells it (protocol's OPERATIONS_PREFIX). */
export const API_PREFIX = routePath(OPERATIONS_PREFIX);

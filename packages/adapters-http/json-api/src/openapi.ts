import { openApiDocument as generate, type ApiEnvironment, type JsonErrorCode } from '@kassa-payments/protocol';
import { httpStatusOf } from '@kassa-payments/http-kit';

/** The JSON v3 API's OpenAPI 3.1 document (generated from @kassa-payments/protocol) for `environment`, served at `serverUrl`. */
export const openApiDocument = (environment: ApiEnvironment, serverUrl = '/') =>
  generate({ servers: [{ url: serverUrl, description: 'Kassa JSON API' }], statusOf: (code: JsonErrorCode) => httpStatusOf(code), environment });

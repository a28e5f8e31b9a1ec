import { openApiDocument as generate, type ApiEnvironment, type JsonErrorCode } from '@kassa/protocol';
import { httpStatusOf } from '@kassa/http-kit';

/** The JSON v3 API's OpenAPI 3.1 document (generated from @kassa/protocol) for `environment`, served at `serverUrl`. */
export const openApiDocument = (environment: ApiEnvironment, serverUrl = '/') =>
  generate({ servers: [{ url: serverUrl, description: 'Kassa JSON API' }], statusOf: (code: JsonErrorCode) => httpStatusOf(code), environment });

/** Where the JSON v3 API lives; projectId is an int32. */
export const API_PREFIX = '/api/v3/projects/:projectId';

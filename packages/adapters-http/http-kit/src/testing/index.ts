// For the tests of the HTTP packages: an app served over real HTTP on a free loopback port.
export { serve, type Served } from './serve.js';

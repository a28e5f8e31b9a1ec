import { DASHBOARD_PATH } from './dashboard-auth.js';

/** A stand-in origin: only the path and query of an address are ever kept. */
const HERE = 'http://dashboard.invalid';
const HOME = `${DASHBOARD_PATH}/`;

/**
 * An address a dashboard page may link to: `address` as a browser would resolve it (dot segments,
 * `%2e`, backslashes read as slashes), kept as that path and query when it is still this host's and
 * under /dashboard/; the dashboard's home otherwise. A page's own address comes from the request,
 * which the client writes: `//evil.example/x` is a valid request path and, as a link, another site.
 */
export function dashboardAddress(address: string): string {
  const url = URL.parse(address, `${HERE}${HOME}`);
  if (url === null || url.origin !== HERE || !url.pathname.startsWith(HOME)) return HOME;
  return `${url.pathname}${url.search}`;
}

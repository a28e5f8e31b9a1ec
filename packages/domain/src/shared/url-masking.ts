/** What stands for a user and password, a query value or a fragment that was masked. */
const HIDDEN = '***';

/** `scheme://` or `//` at the start of a URL: what comes after it up to `/`, `?`, `#` or `\` is the authority. */
const AUTHORITY_START = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;

/**
 * A URL as a log line, a recorded request, a stream or a trace shows it: the user and password
 * before its host masked (`https://***@host/`), each query value masked with its name kept (the
 * names say what was sent; a value may be a token), the fragment masked. By the URL standard's
 * split, not a first-`@` pattern: the userinfo runs to the authority's last `@` (`https://u:p@ss@host/`
 * has `u:p@ss`), the authority ends at `/`, `?`, `#` or `\`. String work only, so the domain, the
 * masking of logs and the adapters share it.
 */
export function maskUrl(url: string): string {
  let text = url;
  const fragment = text.indexOf('#');
  if (fragment >= 0) text = `${text.slice(0, fragment)}#${HIDDEN}`;
  const query = text.indexOf('?');
  if (query >= 0) {
    const end = text.indexOf('#', query);
    const search = text.slice(query + 1, end < 0 ? undefined : end);
    const masked = search
      .split('&')
      .map((pair) => (pair === '' ? pair : `${pair.split('=', 1)[0]}=${HIDDEN}`))
      .join('&');
    text = `${text.slice(0, query + 1)}${masked}${end < 0 ? '' : text.slice(end)}`;
  }
  const start = AUTHORITY_START.exec(text);
  if (start) {
    const from = start[0].length;
    let to = text.length;
    for (const stop of ['/', '?', '#', '\\']) {
      const at = text.indexOf(stop, from);
      if (at >= 0 && at < to) to = at;
    }
    const at = text.lastIndexOf('@', to - 1);
    if (at >= from) text = `${text.slice(0, from)}${HIDDEN}${text.slice(at)}`;
  }
  return text;
}

/**
 * An absolute URL inside free text (an error's message, a description): up to the first space,
 * quote or bracket. The scheme is at most 32 characters: unbounded, a client's `a-a-a-…://` of 64 KB
 * made every letter a start that scanned the rest, quadratic work in a request's log line.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s"'<>`]+/gi;

/** Text with every absolute URL in it masked as `maskUrl` masks one; text without `://` is returned as it is. */
export function maskUrlsIn(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, maskUrl) : text;
}

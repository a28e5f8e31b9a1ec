/** A URL without its user and password, query and fragment (where a merchant may put a token), and whether any was cut. */
export function urlShown(url: string): { readonly text: string; readonly cut: boolean } {
  // WHATWG URL parsing, not a pattern: `https://u:p@ss@host/` has userinfo `u:p@ss`, which a pattern cut at the first @.
  if (!URL.canParse(url)) return { text: '[not a URL]', cut: true };
  const parsed = new URL(url);
  const cut = parsed.username !== '' || parsed.password !== '' || parsed.search !== '' || parsed.hash !== '';
  parsed.username = '';
  parsed.password = '';
  parsed.search = '';
  parsed.hash = '';
  return { text: cut ? parsed.href : url, cut };
}

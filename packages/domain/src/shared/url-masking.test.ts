import { describe, expect, it } from 'vitest';
import { maskUrl, maskUrlsIn } from './url-masking.js';

describe('URLs as they are shown: user, password, query values and fragment masked', () => {
  it.each([
    ['https://shop.example/hooks', 'https://shop.example/hooks'],
    ['https://hook-user:hook-pass@shop.example/hooks', 'https://***@shop.example/hooks'],
    ['https://u:p@ss@shop.example/', 'https://***@shop.example/'],
    ['https://shop.example/hooks?token=tok-123&order=7', 'https://shop.example/hooks?token=***&order=***'],
    ['https://shop.example/hooks?token=a&token=b', 'https://shop.example/hooks?token=***&token=***'],
    ['https://shop.example/hooks#secret-fragment', 'https://shop.example/hooks#***'],
    ['https://shop.example/hooks?flag&&x=1', 'https://shop.example/hooks?flag=***&&x=***'],
    ['https://shop.example/a@b/?x=1#f?y=2', 'https://shop.example/a@b/?x=***#***'],
    ['https://user:pw@shop.example?x=1', 'https://***@shop.example?x=***'],
    ['//user:pw@host/?x=1', '//***@host/?x=***'],
  ])('%s', (url, shown) => {
    expect(maskUrl(url)).toBe(shown);
  });

  it('inside free text (an error message): every URL in it, nothing else', () => {
    const message = 'Request cannot be constructed from a URL that includes credentials: http://u:pw-secret@127.0.0.1:9/h?token=abc';
    expect(maskUrlsIn(message)).toBe('Request cannot be constructed from a URL that includes credentials: http://***@127.0.0.1:9/h?token=***');
    expect(maskUrlsIn('no address here')).toBe('no address here');
  });

  it('a hostile text (a long run of scheme letters before one ://, 1 MB) is masked in one pass, not in work growing with its square', () => {
    const hostile = `${'a-'.repeat(500_000)}://x?token=t`;
    const masked = maskUrlsIn(hostile);
    expect(masked.endsWith('://x?token=***')).toBe(true);
    expect(masked.length).toBe(hostile.length + 2);
  });
});

import { describe, expect, it } from 'vitest';
import { h } from 'preact';
import { HiddenInputs, noticePage, renderPage } from './page-frame.js';

const hostile = `"><script>alert(1)</script><img src=x onerror=alert(2)>&amp;`;

describe('pages escape by default', () => {
  it('text and attribute values from merchants and payers never become markup', () => {
    const html = renderPage(
      {
        lang: 'en',
        mode: 'test',
        title: hostile,
        summary: { amount: { minor: 1050, currency: 'RUB' }, merchantOrderId: hostile },
        langLinks: { ru: `/x?a=${hostile}`, en: '/y' },
        data: { status: hostile },
      },
      h(HiddenInputs, { values: { t: hostile } }),
    );
    expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/"><script/);
    // Escaped where they stand: in text, in attributes.
    expect(html).toContain('<title>&quot;>&lt;script>alert(1)&lt;/script>');
    expect(html).toContain('data-status="&quot;>&lt;script>');
    expect(html).toContain('<input type="hidden" name="t" value="&quot;>&lt;script>');
    expect(html).toContain('&amp;amp;');
    // The page's own script and stylesheet, and nothing inline.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script src="/Card/Sbp/page.js" defer></script>');
  });

  it('a notice page shows a message as text', () => {
    expect(noticePage({ lang: 'ru', mode: 'production', title: 'T' }, '<b>x</b>')).toContain('<p class="notice" role="alert">&lt;b>x&lt;/b></p>');
  });
});

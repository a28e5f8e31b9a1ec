import { moneyText } from '@kassa-payments/http-kit';
import type { KassaMode, Money } from '@kassa-payments/domain';
import type { ComponentChildren } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { TEXTS, type Lang } from './widget-texts.js';

// Every page is JSX rendered to a string by preact-render-to-string: text and attribute values are
// escaped unless a component asks otherwise (none does: no dangerouslySetInnerHTML anywhere).

/** Path of the page's own stylesheet and script (served by the widget host; nothing else is loaded). */
export const ASSETS = { css: '/Card/Sbp/widget.css', js: '/Card/Sbp/page.js' } as const;

export interface PageFrame {
  readonly lang: Lang;
  readonly mode: KassaMode;
  readonly title: string;
  /** The invoice's amount and order, shown in the header. */
  readonly summary?: { readonly amount: Money; readonly merchantOrderId?: string | undefined };
  /** Links to the same page in each language. */
  readonly langLinks?: Readonly<Record<Lang, string>>;
  readonly embedded?: boolean;
  /** `data-*` attributes for page.js on <body> (polling, return address, storage of a started payment). */
  readonly data?: Readonly<Record<string, string>>;
}

function LangLinks({ lang, links }: { lang: Lang; links: Readonly<Record<Lang, string>> }) {
  return (
    <nav class="langs" aria-label={TEXTS[lang].language}>
      {(['ru', 'en'] as const).map((l, i) => (
        <>
          {i > 0 ? ' ' : ''}
          {l === lang ? (
            <span aria-current="true">{l.toUpperCase()}</span>
          ) : (
            <a href={links[l]} lang={l}>
              {l.toUpperCase()}
            </a>
          )}
        </>
      ))}
    </nav>
  );
}

/** A whole page: small, server-rendered, Russian or English, one stylesheet and one deferred script. */
function Page({ frame, children }: { frame: PageFrame; children: ComponentChildren }) {
  const t = TEXTS[frame.lang];
  const data = Object.fromEntries(Object.entries(frame.data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <html lang={frame.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{frame.title}</title>
        <link rel="stylesheet" href={ASSETS.css} />
        <script src={ASSETS.js} defer />
      </head>
      <body class={frame.embedded ? 'embedded' : 'hosted'} {...data}>
        <main class="sheet">
          <header>
            {frame.langLinks ? <LangLinks lang={frame.lang} links={frame.langLinks} /> : null}
            <h1>{frame.title}</h1>
            {frame.summary ? (
              <>
                <p class="amount">
                  <span class="label">{t.amount}:</span> <strong>{moneyText(frame.summary.amount)}</strong>
                </p>
                {frame.summary.merchantOrderId ? (
                  <p class="order">
                    {t.order}: {frame.summary.merchantOrderId}
                  </p>
                ) : null}
              </>
            ) : null}
          </header>
          {frame.mode === 'test' ? <p class="test-env">{t.testEnv}</p> : null}
          {children}
        </main>
      </body>
    </html>
  );
}

/** The page's HTML: the frame around `body`, everything escaped. */
export function renderPage(frame: PageFrame, body: ComponentChildren): string {
  return `<!doctype html>${renderToString(<Page frame={frame}>{body}</Page>)}`;
}

/** An alert for the payer: a refusal or an error, in words. */
export const Notice = ({ children }: { children: ComponentChildren }) => (
  <p class="notice" role="alert">
    {children}
  </p>
);

/** A page that is only a notice (an error page, a refusal without a way back). */
export const noticePage = (frame: PageFrame, message: string): string => renderPage(frame, <Notice>{message}</Notice>);

/** Hidden form fields carrying `values`. */
export const HiddenInputs = ({ values }: { values: Readonly<Record<string, string>> }) => (
  <>
    {Object.entries(values).map(([name, value]) => (
      <input type="hidden" name={name} value={value} />
    ))}
  </>
);

/** The invalid-link screen (401): a token that is invalid, expired, or for another invoice. */
export function invalidLinkPage(lang: Lang, mode: KassaMode, embedded = false): string {
  const t = TEXTS[lang];
  return renderPage({ lang, mode, title: t.invalidLink, embedded }, <Notice>{t.invalidLinkText}</Notice>);
}

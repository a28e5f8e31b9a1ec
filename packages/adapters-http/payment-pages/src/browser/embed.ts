/*
 * Kassa payment widget: window.SbpWidget.mount(selector, options) embeds the payment page in a frame;
 * window.SbpWidget.open(options) shows it in a modal. Options: invoiceId, token, lang ('ru' | 'en'),
 * methods (method codes), onSuccess, onFail, onExpired, onError(e) with e.code and e.message, and
 * apiBase (default: the address this script was loaded from).
 * The widget polls the invoice every 5 seconds. Its events are a UI signal only: release goods on the
 * payment.updated webhook or on GET invoice, never on onSuccess.
 * A classic script (merchants load it with <script src>): no imports, everything inside one function.
 */

interface SbpWidgetOptions {
  invoiceId?: string;
  token?: string;
  lang?: 'ru' | 'en';
  methods?: readonly string[];
  apiBase?: string;
  onSuccess?: (e: { invoiceId: string; status: string; paymentStatus: string }) => void;
  onFail?: (e: { invoiceId: string; resultCode: number | undefined; message: string | undefined }) => void;
  onExpired?: (e: { invoiceId: string; status: string }) => void;
  onError?: (e: { code: string; message: string }) => void;
}

interface SbpWidgetHandle {
  close(): void;
}

// biome-ignore lint/correctness/noUnusedVariables: a script's top-level interface merges with the global Window.
interface Window {
  SbpWidget: {
    mount(selector: string | Element, options?: SbpWidgetOptions | null): SbpWidgetHandle | null;
    open(options?: SbpWidgetOptions | null): SbpWidgetHandle;
  };
}

(() => {
  const POLL_MS = 5000;
  // The page's selection parameters a started payment may carry, and nothing else.
  const SELECTION = /^(useSbp=true|payType=[a-z]+&deviceType=(Desktop|Mobile))$/;
  const script = document.currentScript as HTMLScriptElement | null;
  const defaultBase = script?.src ? new URL(script.src).origin : window.location.origin;

  /** The widget status route's answer (the fields the widget reads). */
  interface Status {
    readonly invoice_id: string;
    readonly status: string;
    readonly payment_status: string;
    readonly state: 'open' | 'paid' | 'expired';
    readonly methods: readonly string[];
    readonly failed_attempts: number;
    readonly last_failure?: { readonly result_code?: number; readonly result_description?: string };
  }
  interface StatusAnswer {
    readonly success?: boolean;
    readonly data?: Status;
    readonly error?: { readonly message?: string };
  }

  /** Calls a merchant's callback; its exception surfaces on its own, never stopping the widget. */
  function call<T>(fn: ((arg: T) => void) | undefined, arg: T): void {
    if (typeof fn !== 'function') return;
    try {
      fn(arg);
    } catch (e) {
      setTimeout(() => {
        throw e;
      });
    }
  }

  const query = (params: Record<string, string | undefined>): string =>
    Object.keys(params)
      .filter((k) => params[k] !== undefined && params[k] !== '')
      .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(params[k] ?? '')}`)
      .join('&');

  function start(host: Element, options: SbpWidgetOptions, onClose?: () => void): SbpWidgetHandle {
    const base = String(options.apiBase || defaultBase).replace(/\/+$/, '');
    const origin = new URL(base).origin;
    const lang = options.lang === 'en' ? 'en' : 'ru';
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let seenFailures: number | null = null;
    const frame = document.createElement('iframe');

    const fail = (code: string, message: string) => call(options.onError, { code, message });
    if (!options.invoiceId || !options.token) fail('invalid_options', 'invoiceId and token are required');

    // Polling stops once the payment is settled; the frame (and Escape in a modal) stays until close().
    function stop(): void {
      stopped = true;
      if (timer) clearTimeout(timer);
    }

    function schedule(): void {
      if (!stopped) timer = setTimeout(() => poll(), POLL_MS);
    }

    function poll(methodsCheck?: (available: readonly string[]) => void): void {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      fetch(`${base}/Card/Sbp/status?${query({ invoiceId: options.invoiceId, t: options.token })}`, { credentials: 'omit', cache: 'no-store' })
        .then((res) => res.json().then((body: StatusAnswer) => ({ status: res.status, body })))
        .then((r) => {
          if (stopped) return;
          if (r.status === 401) {
            stop();
            if (!frame.src) show(null); // the frame shows the invalid-link screen
            return fail('invalid_token', r.body?.error?.message || 'The payment link is invalid or has expired');
          }
          const s = r.body?.success ? r.body.data : undefined;
          if (!s) return schedule();
          if (methodsCheck) methodsCheck(s.methods);
          if (s.state === 'paid') {
            stop();
            return call(options.onSuccess, { invoiceId: s.invoice_id, status: s.status, paymentStatus: s.payment_status });
          }
          if (s.state === 'expired') {
            stop();
            return call(options.onExpired, { invoiceId: s.invoice_id, status: s.status });
          }
          if (seenFailures !== null && s.failed_attempts > seenFailures) {
            const last = s.last_failure ?? {};
            call(options.onFail, { invoiceId: s.invoice_id, resultCode: last.result_code, message: last.result_description });
          }
          seenFailures = s.failed_attempts;
          schedule();
        })
        .catch((e: unknown) => {
          fail('network_error', String((e as Error | undefined)?.message ?? e));
          schedule();
        });
    }

    // The frame says when the payer finished an attempt: look at once instead of at the next tick.
    function onMessage(event: MessageEvent): void {
      const data = event.data as { source?: string; type?: string; state?: string; selection?: string } | null;
      if (event.origin !== origin || event.source !== frame.contentWindow || !data || data.source !== 'kassa-widget') return;
      if (data.type === 'escape') {
        if (onClose) widget.close();
        return;
      }
      remember(data.state === 'open' ? (data.selection ?? '') : '');
      poll();
    }
    window.addEventListener('message', onMessage);

    function show(methods: readonly string[] | null): void {
      const params = { invoiceId: options.invoiceId, t: options.token, lang, embedded: '1', methods: methods ? methods.join(',') : '' };
      const selection = started();
      frame.src = `${base}/Card/Sbp/widget.html?${query(params)}${selection ? `&${selection}` : ''}`;
      frame.title = lang === 'en' ? 'Payment' : 'Оплата';
      frame.setAttribute('allow', 'payment');
      frame.style.width = '100%';
      frame.style.minHeight = '620px';
      frame.style.border = '0';
      frame.style.display = 'block';
      host.appendChild(frame);
    }

    // The QR or wallet payment the payer started is kept in this page's session (the frame's own
    // storage is third-party, often blocked), so that a reload of the page reopens it.
    const storeKey = `kassa:started:${options.invoiceId}`;
    function remember(selection: string): void {
      try {
        if (selection && SELECTION.test(selection)) window.sessionStorage.setItem(storeKey, selection);
        else window.sessionStorage.removeItem(storeKey);
      } catch {
        // No session storage: a reload starts at the first screen.
      }
    }
    function started(): string {
      try {
        const selection = window.sessionStorage.getItem(storeKey) || '';
        return SELECTION.test(selection) ? selection : '';
      } catch {
        return '';
      }
    }

    let asked: string[] | null = Array.isArray(options.methods) ? options.methods.map(String) : null;
    // Unavailable methods are reported, and the payer sees the whole available set: payment goes on.
    poll((available) => {
      if (asked) {
        const missing = asked.filter((m) => available.indexOf(m) === -1);
        if (missing.length > 0) {
          fail('method_unavailable', `Not available: ${missing.join(', ')}; available: ${available.join(', ')}`);
          asked = null;
        }
      }
      if (!frame.src) show(asked);
    });
    // Should the status not answer soon, the payer still gets the page.
    setTimeout(() => {
      if (!frame.src && !stopped) show(asked);
    }, 3000);

    const widget: SbpWidgetHandle = {
      close() {
        stop();
        window.removeEventListener('message', onMessage);
        frame.parentNode?.removeChild(frame);
        if (onClose) onClose();
      },
    };
    return widget;
  }

  // A page's script may pass null for the options (the hand-written embed.js accepted it).
  function mount(selector: string | Element, given?: SbpWidgetOptions | null): SbpWidgetHandle | null {
    const options = given || {};
    const host = typeof selector === 'string' ? document.querySelector(selector) : selector;
    if (!host) {
      call(options.onError, { code: 'invalid_options', message: `No element matches ${String(selector)}` });
      return null;
    }
    return start(host, options);
  }

  function open(given?: SbpWidgetOptions | null): SbpWidgetHandle {
    const options = given || {};
    const previous = document.activeElement as HTMLElement | null;
    const english = options.lang === 'en';
    const overlay = document.createElement('div');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647;padding:8px';
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', english ? 'Payment' : 'Оплата');
    dialog.style.cssText = 'background:#fff;border-radius:12px;width:100%;max-width:460px;max-height:100%;overflow:auto;position:relative';
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', english ? 'Close' : 'Закрыть');
    close.style.cssText = 'position:absolute;top:4px;right:8px;font-size:28px;background:none;border:0;cursor:pointer;line-height:1;padding:4px 8px';
    dialog.appendChild(close);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') widget.close();
    };
    const widget = start(dialog, options, () => {
      document.removeEventListener('keydown', onKey);
      overlay.parentNode?.removeChild(overlay);
      previous?.focus?.();
    });
    document.addEventListener('keydown', onKey);
    close.addEventListener('click', () => widget.close());
    close.focus();
    return widget;
  }

  window.SbpWidget = { mount, open };
})();

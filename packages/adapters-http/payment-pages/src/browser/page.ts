/* Kassa payment page: watches the invoice while a payment is open, and reopens a started payment. */

(() => {
  const body = document.body;
  const data = body.dataset;
  const key = `kassa:started:${data['invoice'] ?? ''}`;
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null;
  }

  // The widget's frame tells the page around it that something changed, so the widget looks at once,
  // and passes Escape on, so that a modal closes wherever the focus is.
  if (window.parent !== window) {
    if (data['invoice']) window.parent.postMessage({ source: 'kassa-widget', type: 'changed', invoiceId: data['invoice'], state: data['state'], selection: data['selection'] ?? '' }, '*');
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') window.parent.postMessage({ source: 'kassa-widget', type: 'escape' }, '*');
    });
  }

  const resumed = storage?.getItem(key);
  if (data['state'] !== 'open') {
    storage?.removeItem(key);
  } else if (data['started']) {
    storage?.setItem(key, data['started']);
  } else if (!data['chosen'] && resumed) {
    // A reload of the widget (or of the shop's page around it) reopens the QR or wallet payment under way.
    window.location.replace(resumed);
    return;
  }

  const form = document.querySelector('form.card-form');
  form?.addEventListener('submit', () => {
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.disabled = true;
  });

  const status = data['status'];
  if (data['state'] !== 'open' || !status) return;
  let failures: number | null = null;
  const poll = (): void => {
    fetch(status, { credentials: 'omit', cache: 'no-store' })
      .then((res) => res.json())
      .then((r: { success?: boolean; data?: { state: string; failed_attempts: number } } | null) => {
        const s = r?.success ? r.data : undefined;
        if (!s) return void setTimeout(poll, 5000);
        if (s.state === 'paid') return window.location.assign(data['returnSuccess'] || window.location.href);
        if (s.state === 'expired') return window.location.reload();
        if (failures !== null && s.failed_attempts > failures && data['returnFailure']) return window.location.assign(data['returnFailure']);
        failures = s.failed_attempts;
        setTimeout(poll, 5000);
      })
      .catch(() => setTimeout(poll, 5000));
  };
  setTimeout(poll, 5000);
})();

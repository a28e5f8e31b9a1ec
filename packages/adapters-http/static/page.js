/* Kassa payment page: watches the invoice while a payment is open, and reopens a started payment. */
(function () {
  'use strict';
  var body = document.body;
  var data = body.dataset;
  var key = 'kassa:started:' + (data.invoice || '');
  var storage = null;
  try {
    storage = window.sessionStorage;
  } catch (e) {
    storage = null;
  }

  // The widget's frame tells the page around it that something changed, so the widget looks at once,
  // and passes Escape on, so that a modal closes wherever the focus is.
  if (window.parent !== window) {
    if (data.invoice) window.parent.postMessage({ source: 'kassa-widget', type: 'changed', invoiceId: data.invoice, state: data.state, selection: data.selection || '' }, '*');
    document.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') window.parent.postMessage({ source: 'kassa-widget', type: 'escape' }, '*');
    });
  }

  if (data.state !== 'open') {
    if (storage) storage.removeItem(key);
  } else if (data.started) {
    if (storage) storage.setItem(key, data.started);
  } else if (!data.chosen && storage && storage.getItem(key)) {
    // A reload of the widget (or of the shop's page around it) reopens the QR or wallet payment under way.
    window.location.replace(storage.getItem(key));
    return;
  }

  var form = document.querySelector('form.card-form');
  if (form) {
    form.addEventListener('submit', function () {
      var button = form.querySelector('button[type=submit]');
      if (button) button.disabled = true;
    });
  }

  if (data.state !== 'open' || !data.status) return;
  var failures = null;
  function poll() {
    fetch(data.status, { credentials: 'omit', cache: 'no-store' })
      .then(function (res) {
        return res.json();
      })
      .then(function (r) {
        var s = r && r.success ? r.data : null;
        if (!s) return setTimeout(poll, 5000);
        if (s.state === 'paid') return window.location.assign(data.returnSuccess || window.location.href);
        if (s.state === 'expired') return window.location.reload();
        if (failures !== null && s.failed_attempts > failures && data.returnFailure) return window.location.assign(data.returnFailure);
        failures = s.failed_attempts;
        setTimeout(poll, 5000);
      })
      .catch(function () {
        setTimeout(poll, 5000);
      });
  }
  setTimeout(poll, 5000);
})();

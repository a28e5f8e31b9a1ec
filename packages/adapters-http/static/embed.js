/*
 * Kassa payment widget: window.SbpWidget.mount(selector, options) embeds the payment page in a frame;
 * window.SbpWidget.open(options) shows it in a modal. Options: invoiceId, token, lang ('ru' | 'en'),
 * methods (method codes), onSuccess, onFail, onExpired, onError(e) with e.code and e.message, and
 * apiBase (default: the address this script was loaded from).
 * The widget polls the invoice every 5 seconds. Its events are a UI signal only: release goods on the
 * payment.updated webhook or on GET invoice, never on onSuccess.
 */
(function () {
  'use strict';
  var POLL_MS = 5000;
  // The page's selection parameters a started payment may carry, and nothing else.
  var SELECTION = /^(useSbp=true|payType=[a-z]+&deviceType=(Desktop|Mobile))$/;
  var script = document.currentScript;
  var defaultBase = script && script.src ? new URL(script.src).origin : window.location.origin;

  function call(fn, arg) {
    if (typeof fn !== 'function') return;
    try {
      fn(arg);
    } catch (e) {
      setTimeout(function () {
        throw e;
      });
    }
  }

  function query(params) {
    return Object.keys(params)
      .filter(function (k) {
        return params[k] !== undefined && params[k] !== '';
      })
      .map(function (k) {
        return encodeURIComponent(k) + '=' + encodeURIComponent(params[k]);
      })
      .join('&');
  }

  function start(host, options, onClose) {
    options = options || {};
    var base = String(options.apiBase || defaultBase).replace(/\/+$/, '');
    var origin = new URL(base).origin;
    var lang = options.lang === 'en' ? 'en' : 'ru';
    var stopped = false;
    var timer = null;
    var seenFailures = null;
    var frame = document.createElement('iframe');

    function fail(code, message) {
      call(options.onError, { code: code, message: message });
    }
    if (!options.invoiceId || !options.token) fail('invalid_options', 'invoiceId and token are required');

    // Polling stops once the payment is settled; the frame (and Escape in a modal) stays until close().
    function stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    }

    function poll(methodsCheck) {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      fetch(base + '/Card/Sbp/status?' + query({ invoiceId: options.invoiceId, t: options.token }), { credentials: 'omit', cache: 'no-store' })
        .then(function (res) {
          return res.json().then(function (body) {
            return { status: res.status, body: body };
          });
        })
        .then(function (r) {
          if (stopped) return;
          if (r.status === 401) {
            stop();
            if (!frame.src) show(null); // the frame shows the invalid-link screen
            return fail('invalid_token', (r.body && r.body.error && r.body.error.message) || 'The payment link is invalid or has expired');
          }
          if (!r.body || !r.body.success) return schedule();
          var s = r.body.data;
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
            var last = s.last_failure || {};
            call(options.onFail, { invoiceId: s.invoice_id, resultCode: last.result_code, message: last.result_description });
          }
          seenFailures = s.failed_attempts;
          schedule();
        })
        .catch(function (e) {
          fail('network_error', String((e && e.message) || e));
          schedule();
        });
    }

    function schedule() {
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    }

    // The frame says when the payer finished an attempt: look at once instead of at the next tick.
    function onMessage(event) {
      if (event.origin !== origin || event.source !== frame.contentWindow || !event.data || event.data.source !== 'kassa-widget') return;
      if (event.data.type === 'escape') {
        if (onClose) widget.close();
        return;
      }
      remember(event.data.state === 'open' ? event.data.selection : '');
      poll();
    }
    window.addEventListener('message', onMessage);

    function show(methods) {
      var params = { invoiceId: options.invoiceId, t: options.token, lang: lang, embedded: '1', methods: methods ? methods.join(',') : '' };
      var selection = started();
      frame.src = base + '/Card/Sbp/widget.html?' + query(params) + (selection ? '&' + selection : '');
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
    var storeKey = 'kassa:started:' + options.invoiceId;
    function remember(selection) {
      try {
        if (selection && SELECTION.test(selection)) window.sessionStorage.setItem(storeKey, selection);
        else window.sessionStorage.removeItem(storeKey);
      } catch (e) {
        // No session storage: a reload starts at the first screen.
      }
    }
    function started() {
      try {
        var selection = window.sessionStorage.getItem(storeKey) || '';
        return SELECTION.test(selection) ? selection : '';
      } catch (e) {
        return '';
      }
    }

    var asked = Array.isArray(options.methods) ? options.methods.map(String) : null;
    // Unavailable methods are reported, and the payer sees the whole available set: payment goes on.
    poll(function (available) {
      if (!asked) return;
      var missing = asked.filter(function (m) {
        return available.indexOf(m) === -1;
      });
      if (missing.length > 0) {
        fail('method_unavailable', 'Not available: ' + missing.join(', ') + '; available: ' + available.join(', '));
        asked = null;
      }
      if (!frame.src) show(asked);
    });
    // Should the status not answer soon, the payer still gets the page.
    setTimeout(function () {
      if (!frame.src && !stopped) show(asked);
    }, 3000);

    var widget = {
      close: function () {
        stop();
        window.removeEventListener('message', onMessage);
        if (frame.parentNode) frame.parentNode.removeChild(frame);
        if (onClose) onClose();
      },
    };
    return widget;
  }

  function mount(selector, options) {
    var host = typeof selector === 'string' ? document.querySelector(selector) : selector;
    if (!host) {
      call(options && options.onError, { code: 'invalid_options', message: 'No element matches ' + selector });
      return null;
    }
    return start(host, options);
  }

  function open(options) {
    var previous = document.activeElement;
    var overlay = document.createElement('div');
    overlay.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:2147483647;padding:8px';
    var dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', options && options.lang === 'en' ? 'Payment' : 'Оплата');
    dialog.style.cssText = 'background:#fff;border-radius:12px;width:100%;max-width:460px;max-height:100%;overflow:auto;position:relative';
    var close = document.createElement('button');
    close.type = 'button';
    close.textContent = '×';
    close.setAttribute('aria-label', options && options.lang === 'en' ? 'Close' : 'Закрыть');
    close.style.cssText = 'position:absolute;top:4px;right:8px;font-size:28px;background:none;border:0;cursor:pointer;line-height:1;padding:4px 8px';
    dialog.appendChild(close);
    overlay.appendChild(dialog);
    document.body.appendChild(overlay);
    var widget = start(dialog, options, function () {
      document.removeEventListener('keydown', onKey);
      if (overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (previous && previous.focus) previous.focus();
    });
    function onKey(e) {
      if (e.key === 'Escape') widget.close();
    }
    document.addEventListener('keydown', onKey);
    close.addEventListener('click', function () {
      widget.close();
    });
    close.focus();
    return widget;
  }

  window.SbpWidget = { mount: mount, open: open };
})();

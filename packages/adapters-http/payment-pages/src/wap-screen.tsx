import { moneyText } from '@kassa-payments/http-kit';
import type { KassaMode } from '@kassa-payments/domain';
import { HiddenInputs } from './page-frame.js';
import { sandboxWapNumber } from './wap-gateway.js';
import type { OpenedPayment } from './widget-session.js';
import { TEXTS, type Lang } from './widget-texts.js';

interface WapScreenProps {
  readonly payment: OpenedPayment;
  readonly lang: Lang;
  readonly mode: KassaMode;
  readonly query: Readonly<Record<string, string>>;
  /** The subscriber's network address: the test environment's operator "determines" the number from it. */
  readonly address: string;
}

/** The operator gateway's screen for a WAP subscription (its AuthorizeUrl), and its CancelUrl's page. */
export function WapScreen({ payment, lang, mode, query, address }: WapScreenProps) {
  const t = TEXTS[lang];
  const { target } = payment;
  const requested = query['ext_lp_template'];
  const template = requested ? (
    <p class="hint">
      {t.wapTemplate}: <span class="template">{requested.slice(0, 64)}</span>
    </p>
  ) : null;
  if (query['operation'] === 'cancel' || target.state !== 'open') {
    return (
      <section class="result" role="status">
        <h2>{t.wapTitle}</h2>
        <p>{target.state === 'paid' ? t.paidText : t.wapCancelled}</p>
      </section>
    );
  }
  if (mode !== 'test') {
    return (
      <section>
        <h2>{t.wapTitle}</h2>
        {template}
        <p>{t.wapProduction}</p>
      </section>
    );
  }
  const msisdn = sandboxWapNumber(address);
  return (
    <section aria-labelledby="wap-title">
      <h2 id="wap-title">{t.wapTitle}</h2>
      {template}
      <p>
        {t.wapNumber}: <strong class="msisdn">+{msisdn}</strong>
      </p>
      <p>
        {t.wapText} {moneyText(target.price)}?
      </p>
      <form method="post" action="/Card/Sbp/wap">
        <HiddenInputs values={{ subscriptionId: target.id, t: payment.token, lang, msisdn, ReturnUrl: query['ReturnUrl'] ?? '' }} />
        <button type="submit" name="confirm" value="yes">
          {t.wapConfirm}
        </button>
        <button type="submit" name="confirm" value="no" class="secondary">
          {t.wapDecline}
        </button>
      </form>
    </section>
  );
}

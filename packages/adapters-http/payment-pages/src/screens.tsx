import { moneyText } from '@kassa-payments/http-kit';
import type { KassaMode, PagePaymentMethod } from '@kassa-payments/domain';
import type { JSX } from 'preact';
import { LIMITS } from '@kassa-payments/protocol';
import { bankLink, pageLink, qrImagePath, returnLink, type PageParams, type Selection } from './page-links.js';
import { targetParam } from './page-target.js';
import { HiddenInputs, Notice } from './page-frame.js';
import type { OpenedPayment } from './widget-session.js';
import type { Texts } from './widget-texts.js';

const METHOD_NAME: Record<PagePaymentMethod, keyof Texts> = { card: 'methodCard', sbp: 'methodSbp', sberpay: 'methodSberpay', tpay: 'methodTpay', mirpay: 'methodMirpay' };
export const methodName = (t: Texts, m: PagePaymentMethod) => t[METHOD_NAME[m]];

/** What every screen of the payment page knows: the payment, the page's parameters, the texts. */
export interface Screen {
  readonly payment: OpenedPayment;
  readonly params: PageParams;
  readonly t: Texts;
  readonly mode: KassaMode;
  readonly widgetBase: string;
}

/** A form error to show beside a card field (the card number is never written back into the page). */
export interface CardFormState {
  readonly errors?: Partial<Record<'pan' | 'expiry' | 'securityCode' | 'cardholder', string>>;
  readonly notice?: string | undefined;
}

/** The page's own parameters as hidden fields of its forms. */
const PageInputs = ({ s, extra = {} }: { s: Screen; extra?: Record<string, string> }) => (
  <HiddenInputs values={{ [targetParam(s.params.kind)]: s.params.invoiceId, t: s.params.token, lang: s.params.lang, embedded: s.params.embedded ? '1' : '', ...extra }} />
);

/** Links to the methods not on screen. */
export function OtherMethods({ s, shown, current, device }: { s: Screen; shown: readonly PagePaymentMethod[]; current: PagePaymentMethod | undefined; device: Selection['device'] }) {
  const others = shown.filter((m) => m !== current);
  if (others.length === 0) return null;
  return (
    <nav class="methods" aria-label={s.t.otherMethods}>
      <h2>{s.t.otherMethods}</h2>
      <ul>
        {others.map((m) => (
          <li>
            <a class={`method method-${m}`} href={pageLink(s.params, { method: m, device })}>
              {methodName(s.t, m)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface FieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly error: string | undefined;
  /** The input's own attributes (type, autocomplete, lengths). */
  readonly input: JSX.IntrinsicElements['input'];
}

function Field({ id, name, label, error, input }: FieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} name={name} {...input} {...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {})} />
      {error ? (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The bank card form (the page's default screen). */
export function CardScreen({ s, state = {} }: { s: Screen; state?: CardFormState }) {
  const { t } = s;
  const e = state.errors ?? {};
  return (
    <section aria-labelledby="card-title">
      <h2 id="card-title">{t.payByCard}</h2>
      {state.notice ? <Notice>{state.notice}</Notice> : null}
      {s.mode === 'test' ? <p class="hint">{t.testCards}</p> : null}
      <form class="card-form" method="post" action="/Card/Sbp/pay" noValidate>
        <PageInputs s={s} />
        <Field id="card-number" name="card_number" label={t.cardNumber} error={e.pan} input={{ inputMode: 'numeric', autoComplete: 'cc-number', maxLength: 23, required: true }} />
        <div class="row">
          <Field id="card-expiry" name="card_expiry" label={t.expiry} error={e.expiry} input={{ autoComplete: 'cc-exp', placeholder: 'MM/YY', maxLength: 7, required: true }} />
          <Field
            id="card-code"
            name="card_security_code"
            label={t.securityCode}
            error={e.securityCode}
            input={{ type: 'password', inputMode: 'numeric', autoComplete: 'cc-csc', maxLength: 4, required: true }}
          />
        </div>
        <Field id="card-holder" name="cardholder" label={t.cardholder} error={e.cardholder} input={{ autoComplete: 'cc-name', maxLength: LIMITS.cardholder }} />
        <button type="submit">
          {t.pay} {moneyText(s.payment.target.price)}
        </button>
      </form>
    </section>
  );
}

/** The test environment's way to complete a QR or wallet payment without a bank. */
function SimulateForm({ s, method }: { s: Screen; method: PagePaymentMethod }) {
  if (s.mode !== 'test') return null;
  return (
    <>
      <form class="simulate" method="post" action="/Card/Sbp/simulate">
        <PageInputs s={s} extra={{ method }} />
        <button type="submit" class="secondary">
          {s.t.simulate}
        </button>
      </form>
      <p>
        <a href={bankLink(s.widgetBase, s.params, method)} target="_blank" rel="noopener">
          {s.t.bankApp}
        </a>
      </p>
    </>
  );
}

const Waiting = ({ t }: { t: Texts }) => (
  <p class="status" role="status" aria-live="polite">
    {t.waiting}
  </p>
);

/** The fast-payment QR, or a wallet's QR on a desktop. */
export function QrScreen({ s, method }: { s: Screen; method: PagePaymentMethod }) {
  const { t } = s;
  return (
    <section aria-labelledby="qr-title">
      <h2 id="qr-title">{methodName(t, method)}</h2>
      <p>{t.scanQr}</p>
      <img class="qr" src={qrImagePath(s.params.invoiceId, s.params.token, method)} alt={t.qrAlt} width={240} height={240} />
      <Waiting t={t} />
      <SimulateForm s={s} method={method} />
    </section>
  );
}

/** A wallet on a phone: the bank apps to open. */
export function BankListScreen({ s, method, shown }: { s: Screen; method: PagePaymentMethod; shown: readonly PagePaymentMethod[] }) {
  const { t } = s;
  const apps = [method, ...shown.filter((m) => m !== method && m !== 'card' && m !== 'sbp')];
  // The bank's app is another party's page: from the widget's frame it opens on its own, never inside the shop's frame.
  const target = s.params.embedded ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <section aria-labelledby="bank-title">
      <h2 id="bank-title">{t.chooseBank}</h2>
      <ul class="banks">
        {apps.map((m) => (
          <li>
            <a class={`bank bank-${m}`} href={bankLink(s.widgetBase, s.params, m)} {...target}>
              {methodName(t, m)}
            </a>
          </li>
        ))}
      </ul>
      <Waiting t={t} />
      <SimulateForm s={s} method={method} />
    </section>
  );
}

/** The invoice is paid, or can no longer be: the result, and the way back to the shop. */
export function ResultScreen({ s, paid }: { s: Screen; paid: boolean }) {
  const { t, payment } = s;
  const back = returnLink(payment.project, payment.target, paid);
  return (
    <section class={paid ? 'result paid' : 'result expired'} role="status">
      <h2>{paid ? t.paid : t.expired}</h2>
      <p>{paid ? t.paidText : t.expiredText}</p>
      {back && !s.params.embedded ? (
        <p>
          <a class="button" href={back}>
            {t.returnToShop}
          </a>
        </p>
      ) : null}
    </section>
  );
}

/** A refused attempt (a method not offered, nothing to pay by this means): the reason, and the way back. */
export const RefusedScreen = ({ t, params, message }: { t: Texts; params: PageParams; message: string }) => (
  <>
    <Notice>{message}</Notice>
    <p>
      <a href={pageLink(params)}>{t.tryAgain}</a>
    </p>
  </>
);

/** The test environment's bank app: confirm the payment (the form posts to the simulator). */
export const BankAppScreen = ({ t, method, amount, inputs }: { t: Texts; method: PagePaymentMethod; amount: string; inputs: Record<string, string> }) => (
  <section aria-labelledby="bank-title">
    <h2 id="bank-title">{methodName(t, method)}</h2>
    <p>
      {t.bankAppText} <strong>{amount}</strong>?
    </p>
    <form method="post" action="/Card/Sbp/simulate">
      <HiddenInputs values={inputs} />
      <button type="submit">{t.confirm}</button>
    </form>
  </section>
);

/** A plain result: the bank app's done, the WAP gateway's action. */
export const DoneScreen = ({ text }: { text: string }) => (
  <section class="result" role="status">
    <p>{text}</p>
  </section>
);

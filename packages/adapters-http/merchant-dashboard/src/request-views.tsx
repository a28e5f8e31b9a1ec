import { API_CALLS_DAYS, type ApiCall } from '@kassa-payments/operations';
import { type Frame, LiveSection, render, t, time } from './dashboard-frame.js';

export function RequestsList({ frame, calls }: { frame: Frame; calls: readonly ApiCall[] }) {
  const texts = t(frame);
  if (calls.length === 0) return <p>{texts.none}</p>;
  return (
    <>
      {calls.map((c) => (
        <details class="event">
          <summary>
            <strong>{c.status}</strong> <code>{c.method}</code> <code>{c.route}</code> <small>{time(c.at)}</small> <small>{`${c.ms} ms`}</small>
          </summary>
          <dl class="facts">
            <dt>{texts.requestId}</dt>
            <dd>
              <code>{c.requestId}</code>
            </dd>
            {c.idempotencyKey ? (
              <>
                <dt>Idempotency-Key</dt>
                <dd>
                  <code>{c.idempotencyKey}</code>
                </dd>
              </>
            ) : null}
          </dl>
          {c.request ? <pre data-copy="">{c.request}</pre> : null}
          {c.response ? <pre data-copy="">{c.response}</pre> : null}
        </details>
      ))}
    </>
  );
}

/** The newest calls the requests page shows of those kept (API_CALLS_KEPT). */
export const REQUESTS_SHOWN = 100;

export function requestsPage(frame: Frame, calls: readonly ApiCall[]) {
  const texts = t(frame);
  return render(
    frame,
    texts.requests,
    <LiveSection frame={frame} hint={texts.requestsHint(REQUESTS_SHOWN, API_CALLS_DAYS)}>
      <RequestsList frame={frame} calls={calls} />
    </LiveSection>,
  );
}

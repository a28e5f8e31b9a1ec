import type { ComponentChildren } from 'preact';
import { type Frame, t, withLang } from './dashboard-frame.js';

// What the record lists share (invoices, contracts, subscriptions, events, deliveries): their filters
// and their table.

/** A list's filters: a GET form (so that a filtered page can be linked) in the page's language. */
export function FilterForm({ frame, action, children }: { frame: Frame; action: string; children: ComponentChildren }) {
  return (
    <form method="get" action={action} class="filters">
      <input type="hidden" name="lang" value={frame.lang} />
      {children}
      <button type="submit">{t(frame).find}</button>
    </form>
  );
}

/** A list page: its filters (GET, so that a page can be linked), its table and the next page's link. */
export function ListPage({
  frame,
  action,
  filters,
  head,
  rows,
  nextHref,
}: {
  frame: Frame;
  action: string;
  filters: ComponentChildren;
  head: readonly string[];
  rows: readonly (readonly ComponentChildren[])[];
  nextHref: string | undefined;
}) {
  const texts = t(frame);
  return (
    <>
      <FilterForm frame={frame} action={action}>
        {filters}
      </FilterForm>
      {rows.length === 0 ? (
        <p>{texts.none}</p>
      ) : (
        <div class="scroll">
          <table>
            <thead>
              <tr>
                {head.map((h) => (
                  <th>{h}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells) => (
                <tr>
                  {cells.map((c) => (
                    <td>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {nextHref ? (
        <a class="next" href={withLang(nextHref, frame.lang)}>
          {texts.next}
        </a>
      ) : null}
    </>
  );
}

/** The creation-date range of a list's filters (both days included). */
export function DateRange({ frame, from, to }: { frame: Frame; from: string | undefined; to: string | undefined }) {
  const texts = t(frame);
  return (
    <>
      <label>
        {texts.from}
        <input name="from" type="date" value={from ?? ''} />
      </label>
      <label>
        {texts.to}
        <input name="to" type="date" value={to ?? ''} />
      </label>
    </>
  );
}

/** One choice of a list's filters: "any", or one of `options`. */
export function Choice({ frame, name, label, options, chosen }: { frame: Frame; name: string; label: string; options: readonly string[]; chosen: string | undefined }) {
  const texts = t(frame);
  return (
    <label>
      {label}
      <select name={name}>
        <option value="">{texts.any}</option>
        {options.map((o) => (
          <option value={o} selected={chosen === o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A list's status filter: the status words (the values `?state=` takes, as the list shows them). */
export const StateSelect = ({ frame, words, chosen }: { frame: Frame; words: readonly string[]; chosen: string | undefined }) => (
  <Choice frame={frame} name="state" label={t(frame).status} options={words} chosen={chosen} />
);

import type { Project, TestClock } from '@kassa-payments/domain';
import { ActionForm, type Frame, LiveSection, projectPath, render, t, time } from './dashboard-frame.js';

export function ClocksList({ frame, clocks }: { frame: Frame; clocks: readonly TestClock[] }) {
  const texts = t(frame);
  const p = frame.project as Project;
  if (clocks.length === 0) return <p>{texts.none}</p>;
  return (
    <ul class="list">
      {clocks.map((c) => (
        <li class="clock">
          <strong>{c.name ?? c.id}</strong> <code>{c.id}</code> <span class="state">{c.status}</span> {time(c.frozenTime)}
          {c.advancingTo ? ` → ${time(c.advancingTo)}` : ''}
          <ActionForm frame={frame} action={projectPath(p.id, `/sandbox/clocks/${encodeURIComponent(c.id)}/advance`)}>
            <label>
              {texts.frozenTime}
              <input name="frozen_time" value={time(c.advancingTo ?? c.frozenTime)} maxLength={30} required />
            </label>
            <button type="submit">{texts.advance}</button>
          </ActionForm>
        </li>
      ))}
    </ul>
  );
}

export function sandboxPage(frame: Frame, clocks: readonly TestClock[], notice?: string) {
  const texts = t(frame);
  const p = frame.project as Project;
  return render(
    frame,
    texts.sandbox,
    <>
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <h2>{texts.testClocks}</h2>
      <ActionForm frame={frame} action={projectPath(p.id, '/sandbox/clocks')} className="filters">
        <label>
          {texts.name}
          <input name="name" maxLength={40} />
        </label>
        <label>
          {texts.frozenTime}
          <input name="frozen_time" placeholder="2027-01-01T00:00:00Z" maxLength={30} required />
        </label>
        <button type="submit">{texts.createClock}</button>
      </ActionForm>
      <LiveSection frame={frame}>
        <ClocksList frame={frame} clocks={clocks} />
      </LiveSection>
      <h2>{texts.reset}</h2>
      <ActionForm frame={frame} action={projectPath(p.id, '/sandbox/reset')} className="actions">
        <button type="submit" class="danger">
          {texts.reset}
        </button>
      </ActionForm>
    </>,
  );
}

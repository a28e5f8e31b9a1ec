import { type Frame, projectPath, render, t, withLang } from './dashboard-frame.js';

/** The signed-in partner's projects: the dashboard's first page. */
export function projectsPage(frame: Frame) {
  const texts = t(frame);
  return render(
    frame,
    texts.projects,
    <ul class="list">
      {(frame.projects ?? []).map((p) => (
        <li>
          <a href={withLang(projectPath(p.id), frame.lang)}>{`${texts.project} ${p.id}`}</a>
        </li>
      ))}
    </ul>,
  );
}

// The dashboard's only script (served by the API host, no inline script): live sections reload
// themselves, and payloads get a copy button. Pages work without it.

const LIVE_MS = 3000;

function live(section: HTMLElement): void {
  const url = section.dataset['live'];
  if (!url) return;
  let last = section.innerHTML;
  const tick = async () => {
    // Not while the reader has a detail open or is typing in a form of the section.
    if (document.hidden || section.querySelector('details[open]') || section.contains(document.activeElement)) return;
    try {
      const response = await fetch(url, { headers: { 'X-Dashboard-Fragment': '1' }, credentials: 'same-origin' });
      if (!response.ok) return;
      const html = await response.text();
      if (html !== last) {
        last = html;
        section.innerHTML = html;
        addCopyButtons(section);
      }
    } catch {
      // Offline for a moment: the next tick tries again.
    }
  };
  setInterval(() => void tick(), LIVE_MS);
}

function addCopyButtons(root: ParentNode): void {
  const label = document.documentElement.lang === 'en' ? 'Copy' : 'Копировать';
  root.querySelectorAll<HTMLElement>('pre[data-copy]').forEach((pre) => {
    if (pre.previousElementSibling?.classList.contains('copy')) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = label;
    button.addEventListener('click', () => void navigator.clipboard?.writeText(pre.textContent ?? ''));
    pre.before(button);
  });
}

document.addEventListener('DOMContentLoaded', () => {
  addCopyButtons(document);
  document.querySelectorAll<HTMLElement>('[data-live]').forEach(live);
});

import type { KassaMode, Project } from '@kassa-payments/domain';
import type { Framing } from '@kassa-payments/http-kit';

/**
 * The origins that may frame the widget of `project`: its `widgetOrigins`; without them, any in the
 * test environment and none in production. `*` counts only in the test environment.
 */
export function widgetFraming(project: Pick<Project, 'widgetOrigins'>, mode: KassaMode): Framing {
  const origins = (project.widgetOrigins ?? (mode === 'test' ? ['*'] : [])).filter((o) => o !== '*' || mode === 'test');
  return origins.length > 0 ? origins : 'none';
}

/**
 * Who may frame a page for `project`: the widget's origins when it is the widget's frame
 * (`embedded`), nobody otherwise: the hosted payment page and its forms are never framed.
 */
export const pageFraming = (project: Pick<Project, 'widgetOrigins'>, mode: KassaMode, embedded: boolean): Framing => (embedded ? widgetFraming(project, mode) : 'none');

/**
 * The invalid-link screen's framing. Its token names no project, so no project's origins are
 * known: in the test environment, where any origin may frame the widget, any page may show it in
 * the widget's frame (it names nothing and offers nothing to click); in production nobody.
 */
export const invalidLinkFraming = (embedded: boolean, mode: KassaMode): Framing => (embedded && mode === 'test' ? ['*'] : 'none');

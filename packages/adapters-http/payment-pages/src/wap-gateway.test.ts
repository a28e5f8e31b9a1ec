import { describe, expect, it } from 'vitest';
import type { Project } from '@kassa-payments/domain';
import { hasDotSegment, wapReturnLink } from './wap-gateway.js';

const project = { returnUrl: 'https://shop.example/app/back' } as Project;
const outcome = { subscriptionId: 's-1', msisdn: '79000000001', action: 'approved' as const, operatorId: 22 };
const pathOf = (relative: string) => new URL(wapReturnLink(project, relative, outcome) ?? 'x:').pathname;

describe('the WAP return link', () => {
  it('appends a relative path under the project return address', () => {
    expect(pathOf('thanks/page')).toBe('/app/back/thanks/page');
    expect(pathOf('/done')).toBe('/app/back/done');
    expect(pathOf('a.b/c.d')).toBe('/app/back/a.b/c.d');
  });

  it.each(['..', '../x', 'a/../../x', '.', '%2e%2e', '%2E%2e/x', 'a/%2e%2e/%2e%2e/x', '.%2e', '%2e.', '%252e%252e/x', 'a%2f..%2fb', '%2e%2e%5cx', '%zz', '..;/x', '%2e%2e;jsessionid=1/x'])(
    '%s: refused, the return address is kept as it is',
    (relative) => {
      expect(hasDotSegment(relative)).toBe(true);
      expect(pathOf(relative)).toBe('/app/back');
    },
  );
});

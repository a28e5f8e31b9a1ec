import type { Project } from '../ports/project-directory.port.js';

/** A project with the seed file's defaults (active, client_ip required, no price, no endpoints), for tests to override. */
export const projectWithDefaults = (p: Pick<Project, 'id' | 'partnerLogin'> & Partial<Project>): Project => ({
  active: true,
  clientIpRequired: true,
  ipWhitelist: [],
  defaultPrice: null,
  returnUrl: null,
  webhookUrl: null,
  webhookSecret: null,
  paymentMethods: ['sbp'],
  subscriptionSecret: null,
  subscriptionNotificationUrl: null,
  ...p,
});

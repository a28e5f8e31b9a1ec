// Kassa's payment pages on the widget host (Express 5, server-rendered Preact): the widget's script and
// frame, the hosted payment page and its forms, the redirect route, the WAP confirmation, the status
// the widget polls, QR images; and the PaymentPages port (JWT links to them).
export { createWidgetApp, PAGE_PATHS, widgetPageRefusals } from './widget-app.js';
export { JwtPaymentPages, WIDGET_TOKEN_SECONDS } from './jwt-payment-pages.js';
export type { PaymentPagesDeps } from './pages-deps.js';

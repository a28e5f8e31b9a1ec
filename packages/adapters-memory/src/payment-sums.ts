/** Whether a logged event's JSON text may be one `moneyMoved` counts: what a restart parses, and only that. */
export const mayMoveMoney = (json: string): boolean => json.includes('"PaymentUpdated"') || json.includes('"RefundCompleted"');

import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import { announce, BENCH_PARTNER, hmacHex } from './bench-common.js';

/**
 * The baseline: a bare Express 5 app that parses the same JSON body and checks the same two HMACs
 * (inner hash of the timestamp, then the v4 signature), storing invoices in a Map. No validation,
 * no domain, no logging: what "just the HTTP and crypto work" costs on this machine.
 */
const invoices = new Map<string, unknown>();
const app = express();
app.use(express.json());

function signed(req: Request, payload: string): boolean {
  const inner = hmacHex(BENCH_PARTNER.password, String(req.get('X-Timestamp')));
  const expected = hmacHex(BENCH_PARTNER.password, payload + String(req.get('X-Login')) + inner);
  const given = String(req.get('X-Signature'));
  return given.length === 64 && timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

app.post('/api/v3/projects/:projectId/invoices', (req: Request, res: Response) => {
  const b = req.body as { order: { merchant_order_id: string }; customer: { msisdn: string }; client_ip: string };
  if (!signed(req, b.order.merchant_order_id + b.customer.msisdn + b.client_ip)) return void res.status(401).json({ success: false });
  const id = randomUUID();
  const invoice = { invoice_id: id, status: 'Created', payment_status: 'NOT_PAID', merchant_order_id: b.order.merchant_order_id, customer: b.customer };
  invoices.set(id, invoice);
  res.status(201).json({ success: true, data: invoice });
});

app.get('/api/v3/projects/:projectId/invoices/:invoiceId', (req: Request, res: Response) => {
  const id = String(req.params['invoiceId']);
  if (!signed(req, id)) return void res.status(401).json({ success: false });
  const invoice = invoices.get(id);
  if (!invoice) return void res.status(404).json({ success: false });
  res.json({ success: true, data: invoice });
});

const server = app.listen(0, '127.0.0.1', () => announce(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));

import { type Command, InvalidArgumentError, Option } from 'commander';
import { CliError, EXIT } from './cli-error.js';

/** One line of a command's output. */
export type Out = (line: string) => void;

/** Where a merchant's command reads its credentials and writes its lines. */
export interface MerchantCommandsOptions {
  readonly env: Record<string, string | undefined>;
  readonly out: Out;
  readonly err: Out;
  /** Ends `listen` and `logs tail` (a test's stop; a terminal's ^C ends the process). */
  readonly signal?: AbortSignal;
}

// Each command's module is loaded when it runs: `kassa --help` and `--version` load none of them.
const triggerCommand = () => import('./trigger.js');
const listenCommand = () => import('./listen.js');
const logsTailCommand = () => import('./logs-tail.js');

/** A whole number argument (a project id, a limit). */
export const integer = (text: string): number => {
  if (!/^[0-9]{1,10}$/.test(text)) throw new InvalidArgumentError('expected a whole number');
  return Number(text);
};

/** Prints `data` as JSON (--json) or as the lines `text` makes of it. */
export const printer = (out: Out) => (json: boolean | undefined, data: unknown, text: (d: never) => string[]) => {
  if (json) out(JSON.stringify(data, null, 2));
  else for (const line of text(data as never)) out(line);
};

/** The merchant commands' way past the plain-http rule (plain-http.ts): asked for on each command line, never by a variable left set. */
const PLAIN_HTTP_HELP =
  'send the signed requests over plain http to a Kassa on another machine (a test Kassa on a network you trust): refused without it, since anyone on the way reads and replays a signature';

/**
 * The merchant's commands, with a merchant's credentials only (KASSA_API_URL, KASSA_LOGIN,
 * KASSA_PASSWORD, KASSA_PROJECT; the subscription events KASSA_SUBS_URL, KASSA_SUBSCRIPTION_SECRET):
 * `trigger`, `listen` and `logs tail`, added to a `kassa` program (this package's, or the app's).
 */
export function addMerchantCommands(program: Command, options: MerchantCommandsOptions): Command {
  const { env, out, err } = options;
  const print = printer(out);
  const json = new Option('--json', 'print the answer as JSON');
  program
    .command('trigger')
    .description(
      'the test environment only: make, through the JSON API, the sandbox objects that produce EVENT and print their ids and the event id (KASSA_API_URL, KASSA_LOGIN, KASSA_PASSWORD, KASSA_PROJECT; the subscription events also KASSA_SUBS_URL, KASSA_SUBSCRIPTION_SECRET)',
    )
    .argument(
      '<event>',
      "contract.authorized, contract.closed, payment.updated or refund.completed; subscription.activated, subscription.charged or subscription.cancelled (through the subscription service: its SubscriptionStatusNotification goes to the project's subscription notification URL)",
    )
    .option('--declined', 'payment.updated, subscription.charged: a declined charge')
    .option('--allow-plain-http', PLAIN_HTTP_HELP)
    .option(
      '--override <path=value>',
      "set a field of the request that makes the event's object, e.g. order.price.amount=99.00 (repeatable); the subscription events take Subscriber_MSISDN, TestInfo.BillingAmount (the charge's price), TestInfo.ExpectedBillingResult, TestInfo.OperatorID",
      (v: string, all: string[]) => [...all, v],
      [],
    )
    .addOption(json)
    .action(async (event: string, o: { declined?: boolean; override: string[]; json?: boolean; allowPlainHttp?: boolean }) => {
      const { isSubscriptionEvent, merchantFromEnv, parseOverride, subscriptionFromEnv, trigger, TRIGGER_EVENTS } = await triggerCommand();
      const known = TRIGGER_EVENTS.find((e) => e === event);
      if (!known) throw new CliError(`unknown event ${JSON.stringify(event.slice(0, 40))}: one of ${TRIGGER_EVENTS.join(', ')}`, EXIT.usage);
      const merchant = merchantFromEnv(env, o.allowPlainHttp === true);
      const overrides = o.override.map(parseOverride);
      const subscription = isSubscriptionEvent(known) ? { subscription: subscriptionFromEnv(env, merchant.project, o.allowPlainHttp === true) } : {};
      const made = await trigger(merchant, known, { declined: o.declined === true, overrides, ...subscription });
      print(o.json, made, (d: typeof made) => [
        ...(d.contract_id ? [`contract_id ${d.contract_id}`] : []),
        ...(d.invoice_id ? [`invoice_id ${d.invoice_id}`] : []),
        ...(d.subscription_id ? [`subscription_id ${d.subscription_id}`] : []),
        ...(d.test_clock_id ? [`test_clock_id ${d.test_clock_id}`] : []),
        `${d.event} ${d.event_id}`,
      ]);
    });
  /** The merchant's credentials from the environment, --api and --project over KASSA_API_URL and KASSA_PROJECT. */
  const merchant = async (o: { api?: string; project?: number; allowPlainHttp?: boolean }) =>
    (await triggerCommand()).merchantFromEnv(
      { ...env, ...(o.api ? { KASSA_API_URL: o.api } : {}), ...(o.project === undefined ? {} : { KASSA_PROJECT: String(o.project) }) },
      o.allowPlainHttp === true,
    );
  const streamCommand = (command: Command) =>
    command
      .option('--api <url>', 'the API host (default KASSA_API_URL, else http://127.0.0.1:8080)')
      .option('--project <id>', 'the project (default KASSA_PROJECT)', integer)
      .option('--allow-plain-http', PLAIN_HTTP_HELP);
  streamCommand(
    program
      .command('listen')
      .description(
        "forward the project's events to a local URL as its webhook endpoint would get them, signed by this session's secret (printed at start), until ^C; credentials from KASSA_API_URL, KASSA_LOGIN, KASSA_PASSWORD, KASSA_PROJECT; the secret from KASSA_LISTEN_SECRET, else KASSA_WEBHOOK_SECRET (the one the start banner prints), else a new one",
      )
      .requiredOption('--forward-to <url>', 'where to POST each event, e.g. http://localhost:3000/webhooks')
      .option('--events <types>', 'only these event types, comma-separated (payment.updated,refund.completed)')
      .option('--since <when>', 'first the events since then: a duration back from now (30m, 2h, 7d), an ISO time, or an event id'),
  ).action(async (o: { forwardTo: string; events?: string; since?: string; api?: string; project?: number; allowPlainHttp?: boolean }) => {
    const { listen, sinceArgument } = await listenCommand();
    const connection = await merchant(o);
    await listen(connection, {
      forwardTo: o.forwardTo,
      ...(o.events ? { events: o.events.split(',').map((t) => t.trim()) } : {}),
      ...(o.since ? { since: sinceArgument(o.since) } : {}),
      ...((env['KASSA_LISTEN_SECRET'] ?? env['KASSA_WEBHOOK_SECRET']) ? { secret: env['KASSA_LISTEN_SECRET'] ?? env['KASSA_WEBHOOK_SECRET'] } : {}),
      out,
      err,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  });
  const logs = program.command('logs').description("the project's API calls (the dashboard's requests page)");
  streamCommand(
    logs
      .command('tail')
      .description("print the project's signed API calls as they are answered, until ^C (credentials from KASSA_API_URL, KASSA_LOGIN, KASSA_PASSWORD, KASSA_PROJECT)")
      .option('--status <status>', '4xx, 5xx or a status code')
      .option('--path <prefix>', 'a route prefix: /invoices, or /api/v3/projects/:projectId/invoices')
      .option('--json', 'one JSON object a line, with the masked request and response bodies'),
  ).action(async (o: { status?: string; path?: string; json?: boolean; api?: string; project?: number; allowPlainHttp?: boolean }) => {
    const { logsTail } = await logsTailCommand();
    await logsTail(await merchant(o), {
      ...(o.status ? { status: o.status } : {}),
      ...(o.path ? { path: o.path } : {}),
      json: o.json === true,
      out,
      err,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  });
  return program;
}

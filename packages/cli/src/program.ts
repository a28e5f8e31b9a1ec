import { Command, CommanderError } from 'commander';
import { CliError, EXIT } from './cli-error.js';
import { addMerchantCommands, type Out } from './merchant-commands.js';
import { cleanedLines } from './terminal-text.js';
import { cliVersion } from './version.js';

export interface MerchantCliOptions {
  readonly env?: Record<string, string | undefined>;
  readonly out?: Out;
  readonly err?: Out;
  readonly signal?: AbortSignal;
}

/**
 * The merchant developer's `kassa`: `listen`, `trigger` and `logs tail` against a Kassa someone
 * else runs, with a merchant's credentials from the environment. The operator's `kassa` (start,
 * the admin commands) is the app's, and has these commands too.
 */
export function merchantProgram(options: MerchantCliOptions = {}): Command {
  const env = options.env ?? process.env;
  // What a server says reaches the terminal through these two only, its control characters removed.
  const out = cleanedLines(options.out ?? ((line: string) => void process.stdout.write(`${line}\n`)));
  const err = cleanedLines(options.err ?? ((line: string) => void process.stderr.write(`${line}\n`)));
  const program = new Command('kassa')
    .description("Kassa for a merchant's developer: forward a project's events to your machine, make sandbox events, follow your API calls (KASSA_API_URL, KASSA_LOGIN, KASSA_PASSWORD, KASSA_PROJECT)")
    .version(`kassa ${cliVersion()} (the merchant's CLI)`, '-V, --version', "print this CLI's version")
    .showHelpAfterError()
    .exitOverride();
  if (options.err) program.configureOutput({ writeErr: (s) => options.err?.(s.trimEnd()), writeOut: (s) => out(s.trimEnd()) });
  return addMerchantCommands(program, { env, out, err, ...(options.signal ? { signal: options.signal } : {}) });
}

/** Runs the command line; answers with the process's exit code (0 done, 1 a usage mistake, 2 refused, 3 Kassa unreachable or failing). */
export async function runMerchantCli(argv: readonly string[], options: MerchantCliOptions = {}): Promise<number> {
  const err = cleanedLines(options.err ?? ((line: string) => void process.stderr.write(`${line}\n`)));
  try {
    await merchantProgram({ ...options, err }).parseAsync(argv.length === 0 ? ['--help'] : [...argv], { from: 'user' });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
    err(`kassa: ${(e as Error).message}`);
    return e instanceof CliError ? e.exitCode : EXIT.usage;
  }
}

import { runMerchantCli } from './program.js';

/** The merchant's `kassa` command: `listen` and `logs tail` run until ^C; the others answer and end. */
runMerchantCli(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code);
});

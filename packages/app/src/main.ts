#!/usr/bin/env node
import { runCli } from './cli/program.js';

/**
 * The `kassa` command (and `npm start`): with no command it runs Kassa on its embedded defaults;
 * `kassa --help` lists the operators' commands. A command's exit code is the process's; the app's
 * own (`start`, `worker`) keep it running until a signal.
 */
runCli(process.argv.slice(2)).then((code) => {
  if (code !== 0) process.exit(code);
});

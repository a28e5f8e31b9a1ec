// The merchant developer's CLI (`kassa listen`, `trigger`, `logs tail`), and the pieces the app's
// operator `kassa` shares with it.
export { CliError, EXIT } from './cli-error.js';
export { followStream, retryAfterMs } from './event-stream.js';
export { addMerchantCommands, integer, type MerchantCommandsOptions, type Out, printer } from './merchant-commands.js';
export { inClear } from './plain-http.js';
export { type MerchantCliOptions, merchantProgram, runMerchantCli } from './program.js';
export { cleanedLines, terminalText } from './terminal-text.js';
export { cliVersion } from './version.js';

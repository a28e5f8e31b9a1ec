import { stripVTControlCharacters } from 'node:util';

/**
 * `text` as the terminal may be given it: without escape sequences (ANSI CSI, OSC such as a window
 * title or a hyperlink, DCS) and without any other control character (C0, DEL, C1) but the newline
 * and the tab. The `kassa` command prints what a server says (its error messages, stream entries,
 * answers): a hostile or compromised server must not clear the screen, rewrite earlier lines
 * (a carriage return), retitle the window or plant a link that reads as another. (`\p{Cc}` is
 * exactly C0, DEL and C1.)
 */
export const terminalText = (text: string): string => stripVTControlCharacters(text).replace(/[^\P{Cc}\n\t]/gu, '');

/** `sink` with every line cleaned so (the command's standard output and error, one place). */
export const cleanedLines =
  (sink: (line: string) => void) =>
  (line: string): void =>
    sink(terminalText(line));

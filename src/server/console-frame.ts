/**
 * Lines in a box, for what the person at the terminal must not miss among the log lines (a
 * password shown only once).
 */
export function frame(lines: string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${bar}┘`].join('\n');
}

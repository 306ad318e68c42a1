/**
 * Prints a table of the bench's figures: the first `leftColumns` columns (names) aligned left,
 * the figures right, each column as wide as its widest cell.
 */
export function printTable(header: string[], rows: string[][], leftColumns = 1): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) =>
    r
      .map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
}

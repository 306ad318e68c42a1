/**
 * A whole number with its thousands grouped by commas (`10000` → `10,000`), as
 * `toLocaleString('en')` writes it, without `Intl`: the first `Intl` object an isolate makes,
 * which `toLocaleString` makes too, loads ICU's data (about 20 ms in Node, docs/speed.md "Cold
 * start"), and text built at a module's top level would make every isolate pay that before its
 * first request.
 */
export function withThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

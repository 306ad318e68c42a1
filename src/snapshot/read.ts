/**
 * The entry of a snapshot value (an object parsed from JSON) or of a table under a key that comes
 * from a request or a source (a morphology code's piece): its own entries only, so that
 * `constructor`, `toString` or `__proto__` name nothing rather than what every object inherits.
 */
export function ownEntry<T>(
  record: Record<string, T> | null | undefined,
  key: string,
): T | undefined {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * `npm run client:generate`: writes the typed client's types (clients/typescript/src/schema.ts)
 * from the service's OpenAPI document; `--check` only says whether the committed file is current.
 */
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'usage: tsx scripts/client-generate.ts [--check]\n  writes clients/typescript/src/schema.ts from the OpenAPI document (--check: fails when it is not current)',
  );
  process.exit(0);
}
// Imported after --help, which then answers without loading the generator (test/node/scripts.test.ts).
async function main() {
  const { existsSync, readFileSync, writeFileSync } = await import('node:fs');
  const { CLIENT_SCHEMA_FILE, clientSchemaSource } = await import('./lib/client-schema');
  const source = await clientSchemaSource();
  const current = existsSync(CLIENT_SCHEMA_FILE) ? readFileSync(CLIENT_SCHEMA_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== source)
      throw new Error(
        `${CLIENT_SCHEMA_FILE} is not what the OpenAPI document gives: run npm run client:generate`,
      );
    console.log('the typed client is current');
  } else if (current === source) console.log(`${CLIENT_SCHEMA_FILE} is current`);
  else {
    writeFileSync(CLIENT_SCHEMA_FILE, source);
    console.log(`wrote ${CLIENT_SCHEMA_FILE}`);
  }
}
main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

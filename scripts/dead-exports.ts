/**
 * Dead exports: a name a module of src/, scripts/, test/ or clients/ exports that no other module
 * imports and its own module does not use either, so that it is code nobody runs. Run by
 * `npm run lint` (so by `npm run check` and CI); exits 1 and lists them.
 *
 *   npx tsx scripts/dead-exports.ts
 *
 * Why a script of our own, not a package: ts-unused-exports (tried at 11.0.1) reports every
 * export no other module imports, 169 modules of them here, most of them types a signature shows
 * or constants its own module uses, and takes the modules version:add loads with `import()`
 * for unused; knip needs a configuration of the project's entry points (the Worker, every script,
 * Vitest's two projects) that would restate what is already written. The rule here is the one that
 * finds dead code: exported, imported nowhere, used nowhere in its own module. It reads each file's
 * syntax alone with the compiler's parser, no type check: 5-6 s on the 2-core build machine shared
 * with other work (December 2026), 2.5 s of it starting tsx and loading the compiler.
 *
 * What counts as an import: a named import or re-export of the name, `import * as` or
 * `export * from` (every name), and `import('…')` of the module (every name: its use is not
 * followed). A `default` export is an entry point's (a configuration file's) and is not checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './snapshot/paths';

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(
    'usage: npx tsx scripts/dead-exports.ts\n  lists the exports no module imports and their own module does not use; exits 1 when there is one',
  );
  process.exit(0);
}

const ROOTS = ['src', 'scripts', 'test', 'clients'];
/**
 * Modules whose exports are read by others than an import of their name: the typed client's
 * (clients/typescript: a package whose exports are its interface to other projects, schema.ts
 * generated), the bench's cases, which scripts/bench/run.ts loads by reading every file of the
 * folder for its `cases`, and the D1 schema, every table of which drizzle-kit reads
 * (drizzle.config.ts). Their imports count; their exports are not checked.
 */
const ENTRY_MODULES = ['clients/', 'scripts/bench/cases/', 'src/db/schema.ts'];
const SKIP = new Set(['node_modules', '.fixture', 'dist']);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

const files = [
  ...ROOTS.flatMap((r) => sourceFiles(path.join(REPO_ROOT, r))),
  ...readdirSync(REPO_ROOT)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(REPO_ROOT, f)),
];

/** A relative module specifier as the file it names, or null for a package. */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const ext of ['', '.ts', '.tsx', '/index.ts'])
    if (existsSync(base + ext) && statSync(base + ext).isFile()) return base + ext;
  return null;
}

const ALL = '*';
/** Per file, the names other modules import from it (ALL: every one). */
const imported = new Map<string, Set<string>>();
const use = (file: string | null, name: string) => {
  if (!file) return;
  if (!imported.has(file)) imported.set(file, new Set());
  imported.get(file)!.add(name);
};
/** Per file, its exported names with where each is declared. */
const exported = new Map<string, { name: string; line: number }[]>();
/** Per file, how many times each identifier occurs in its code (comments aside). */
const occurrences = new Map<string, Map<string, number>>();

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names: { name: string; line: number }[] = [];
  const add = (id: ts.Node | undefined) => {
    if (id && ts.isIdentifier(id))
      names.push({
        name: id.text,
        line: source.getLineAndCharacterOfPosition(id.getStart()).line + 1,
      });
  };
  const counts = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = resolve(file, node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (node.importClause?.name) use(target, 'default');
      if (bindings && ts.isNamespaceImport(bindings)) use(target, ALL);
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) use(target, (el.propertyName ?? el.name).text);
    } else if (ts.isExportDeclaration(node)) {
      const target =
        node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? resolve(file, node.moduleSpecifier.text)
          : null;
      if (!node.exportClause) use(target, ALL);
      else if (ts.isNamedExports(node.exportClause))
        for (const el of node.exportClause.elements) {
          if (target) use(target, (el.propertyName ?? el.name).text);
          add(el.name);
        }
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      // `const { a, b } = await import('…')` uses a and b; any other use of the module, every name.
      const target = resolve(file, node.arguments[0].text);
      const declared = ts.isAwaitExpression(node.parent) ? node.parent.parent : undefined;
      if (
        declared &&
        ts.isVariableDeclaration(declared) &&
        ts.isObjectBindingPattern(declared.name) &&
        declared.name.elements.every((el) => !el.dotDotDotToken)
      )
        for (const el of declared.name.elements)
          use(target, ((el.propertyName ?? el.name) as ts.Identifier).text);
      else use(target, ALL);
    } else if (ts.isModuleDeclaration(node)) {
      // `declare module 'vitest' { export interface ProvidedContext … }`: another module's names.
      return;
    } else if (hasExport(node) && !isDefault(node)) {
      if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations) add(d.name);
      else if (
        ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isEnumDeclaration(node)
      )
        add(node.name);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const relative = path.relative(REPO_ROOT, file);
  exported.set(file, ENTRY_MODULES.some((m) => relative.startsWith(m)) ? [] : names);
  occurrences.set(file, counts);
}

const dead: string[] = [];
for (const [file, names] of exported) {
  const used = imported.get(file);
  if (used?.has(ALL)) continue;
  for (const { name, line } of names) {
    if (used?.has(name)) continue;
    // Used in its own module past its declaration: exported without need, not dead.
    if ((occurrences.get(file)!.get(name) ?? 0) > 1) continue;
    dead.push(`${path.relative(REPO_ROOT, file)}:${line}: ${name}`);
  }
}
if (dead.length) {
  console.error(
    `${dead.length} dead exports (imported nowhere, unused in their own module): remove them\n${dead.join('\n')}`,
  );
  process.exit(1);
}
console.log(`no dead exports in ${files.length} modules`);

/**
 * The files of an installed SWORD module (its `.conf` and what its `DataPath` names), found where
 * SWORD looks for them: `SWORD_PATH`, `~/.sword`, `/usr/share/sword`. Their hash names the cached
 * output of `mod2osis` (./command-source.ts): a module changed in place is read again, one
 * unchanged is not, whatever installed it.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function swordRoots(env: NodeJS.ProcessEnv): string[] {
  return [env.SWORD_PATH, path.join(os.homedir(), '.sword'), '/usr/share/sword'].filter(
    (d): d is string => !!d,
  );
}

function filesUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p)
    .sort()
    .flatMap((name) => filesUnder(path.join(p, name)));
}

/** The module's conf and data files, or null when no SWORD root holds a conf of that name. */
export function swordModuleFiles(
  module: string,
  env: NodeJS.ProcessEnv = process.env,
): { root: string; files: string[] } | null {
  const wanted = `[${module.toLowerCase()}]`;
  for (const root of swordRoots(env)) {
    const confDir = path.join(root, 'mods.d');
    if (!existsSync(confDir)) continue;
    for (const name of readdirSync(confDir).sort()) {
      if (!name.endsWith('.conf')) continue;
      const conf = path.join(confDir, name);
      const text = readFileSync(conf, 'utf8');
      const section = text
        .match(/^\s*\[[^\]]+\]/m)?.[0]
        .trim()
        .toLowerCase();
      if (section !== wanted) continue;
      const dataPath = text.match(/^DataPath\s*=\s*(.+?)\s*$/m)?.[1];
      if (!dataPath) return { root, files: [conf] };
      const data = path.resolve(root, dataPath);
      // A lexicon's DataPath names a file prefix (`…/zld/nave/nave`): the files beside it that start so.
      const files = existsSync(data)
        ? filesUnder(data)
        : filesUnder(path.dirname(data)).filter((f) =>
            path.basename(f).startsWith(path.basename(data)),
          );
      return { root, files: [conf, ...files] };
    }
  }
  return null;
}

/** One `key=value` of a .conf (the first, as SWORD reads it); undefined when absent. */
export function confValue(conf: string, name: string): string | undefined {
  const m = new RegExp(`^${name}=(.*)$`, 'm').exec(conf);
  return m?.[1]?.trim();
}

/** The module's `.conf`: its section name (the module's own spelling) and text; null when absent. */
export function swordModuleConf(
  module: string,
  env: NodeJS.ProcessEnv = process.env,
): { name: string; text: string } | null {
  const found = swordModuleFiles(module, env);
  if (!found) return null;
  const text = readFileSync(found.files[0]!, 'utf8');
  const name = /^\s*\[([^\]]+)\]/m.exec(text)?.[1]?.trim();
  return name ? { name, text } : null;
}

/** SHA-256 of the module's files (their paths within the root and their bytes), or null. */
export function swordModuleHash(
  module: string,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  const found = swordModuleFiles(module, env);
  if (!found) return null;
  const h = createHash('sha256');
  for (const f of found.files)
    h.update(path.relative(found.root, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

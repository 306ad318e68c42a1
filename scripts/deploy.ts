/**
 * `npm run deploy [-- wrangler deploy options]`: deploys the worker serving the snapshot in
 * data/snapshot/. Load it first with `npm run snapshot:load:remote`: the new snapshot sits beside
 * the one in service under its own id, and this deploy switches to it atomically.
 */
import { DEFAULT_OUT_DIR } from './snapshot/paths';
import { readSnapshotManifest } from './snapshot/snapshot';
import { wranglerProcess } from './lib/wrangler';

const manifest = readSnapshotManifest(DEFAULT_OUT_DIR);
if (!manifest) {
  console.error('no snapshot in data/snapshot: run `npm run snapshot:build` and `npm run snapshot:load:remote` first');
  process.exit(1);
}
console.log(`deploying with SNAPSHOT_ID=${manifest.snapshotId}`);
const child = wranglerProcess(['deploy', '--var', `SNAPSHOT_ID:${manifest.snapshotId}`, ...process.argv.slice(2)]);
child.on('exit', (code) => process.exit(code ?? 1));

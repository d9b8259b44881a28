// `npm run package:dir`: electron-builder --dir, pointed at a local Electron folder when
// ELECTRON_DIST is set (offline machines; the YAML cannot read the environment, docs/machine-setup.md).
import { spawnSync } from 'node:child_process';

const args = ['electron-builder', '--dir', ...process.argv.slice(2)];
if (process.env.ELECTRON_DIST) args.push(`-c.electronDist=${process.env.ELECTRON_DIST}`);
const res = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(res.status ?? 1);

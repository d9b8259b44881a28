// `node --import ./electron/test-support/register-stand-in.mjs out/main/index.js`: runs the BUILT
// main process under plain Node (no Electron binary can be had here), with `electron` resolved to
// a stand-in. Node's own ES-module loader then checks every import the way Electron's would.
import { register } from 'node:module';

register('./electron-loader-hooks.mjs', import.meta.url);

// `node --import ./electron/test-support/register-stand-in.mjs out/main/index.js`: runs the BUILT
// main process under plain Node (no Electron binary can be had here), with `electron` resolved to
// a stand-in. Node's own ES-module loader then checks every import the way Electron's would.
import Module, { register } from 'node:module';

register('./electron-loader-hooks.mjs', import.meta.url);

// CommonJS packages (electron-updater) `require('electron')` through Node's CommonJS loader, which
// the hooks above do not reach on Node 20: they get the same stand-in instance from here.
const standIn = await import('./electron-stand-in.mjs');
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'electron' ? standIn : load.call(this, request, ...rest);
};

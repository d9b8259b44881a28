// electron-builder afterPack hook: set Electron's fuses on the packaged binary, before signing.
// The server runs in a utilityProcess, so nothing needs ELECTRON_RUN_AS_NODE; turning it and
// NODE_OPTIONS / --inspect off means nobody can run the signed CG Bridge.exe as a general Node.js
// (a classic way to borrow a signed binary's reputation or firewall rule).
import path from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

function executable(context) {
  const name = context.packager.appInfo.productFilename;
  if (context.electronPlatformName === 'win32') return path.join(context.appOutDir, `${name}.exe`);
  if (context.electronPlatformName === 'darwin') return path.join(context.appOutDir, `${name}.app`);
  return path.join(context.appOutDir, context.packager.executableName);
}

export default async function afterPack(context) {
  if (process.env.CGB_FAKE_ELECTRON === '1') {
    console.warn('  • fuses NOT set: CGB_FAKE_ELECTRON=1 (the Electron folder is a stand-in without a real binary)');
    return;
  }
  await flipFuses(executable(context), {
    version: FuseVersion.V1,
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
  });
  console.log(
    `  • fuses set on ${path.basename(executable(context))}: RunAsNode, NODE_OPTIONS, --inspect off; app.asar only`,
  );
}

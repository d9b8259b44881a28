import type { StoredOutput } from '../../../shared/contracts/outputs';
import { CasparcgDriver, casparcgTypes } from './casparcg-driver';
import { ObsDriver } from './obs-driver';
import type { OutputDriver } from './output-driver';
import { VmixDriver } from './vmix-driver';

/** A fresh driver (one connection) for a stored output. */
export function createDriver(output: StoredOutput): OutputDriver {
  switch (output.kind) {
    case 'casparcg':
      return new CasparcgDriver(output.config);
    case 'obs':
      return new ObsDriver(output.config);
    case 'vmix':
      return new VmixDriver(output.config);
  }
}

/** The CG types an output shows (what its driver's `types` says), without making a driver. */
export function driverTypes(output: StoredOutput): readonly string[] {
  return output.kind === 'casparcg' ? casparcgTypes(output.config) : output.config.mapping.map((m) => m.type);
}

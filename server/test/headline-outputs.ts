import type { OutputInput } from '../../shared/contracts/outputs';
import type { FakeCasparcg } from './fake-casparcg';
import type { FakeObs } from './fake-obs';
import type { FakeVmix } from './fake-vmix';

/**
 * A direct output of each kind showing the headline on a fake device: CasparCG's template `lower`,
 * OBS's text source "CG Headline" (password 'pw'), vMix's "Lower Third" title field Headline.Text.
 */
export const headlineOutputs = {
  casparcg: (caspar: FakeCasparcg, name = 'CasparCG'): OutputInput => ({
    kind: 'casparcg',
    name,
    config: { host: '127.0.0.1', port: caspar.port, template: 'lower', types: ['headline'] },
  }),
  obs: (obs: FakeObs, name = 'OBS'): OutputInput => ({
    kind: 'obs',
    name,
    config: { url: obs.url, password: 'pw', mapping: [{ type: 'headline', input: 'CG Headline' }] },
  }),
  vmix: (vmix: FakeVmix, name = 'vMix'): OutputInput => ({
    kind: 'vmix',
    name,
    config: { url: vmix.url, input: 'Lower Third', mapping: [{ type: 'headline', field: 'Headline.Text' }] },
  }),
};

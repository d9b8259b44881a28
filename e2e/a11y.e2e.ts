import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEV_OWNER } from '../server/test/test-server';
import { audit, countBy, report, type Finding } from './support/a11y-audit';
import { seedA11yStation, type A11ySeed } from './support/a11y-seed';
import { SIGNED_IN_STOPS, SIGNED_OUT_STOPS } from './support/a11y-tour';
import { DESKTOP, PHONE, useApp } from './support/app-fixture';
import { login } from './support/pages';

/**
 * The accessibility gate (issue 27): axe on every route and main dialog at desktop and phone
 * size. Any critical or serious violation fails; moderate and minor ones are counted in the log
 * (they are judgement calls of axe's best-practice rules, tracked rather than blocking).
 */
describe('accessibility gate (axe, WCAG 2.2 AA)', () => {
  const app = useApp();
  let seed: A11ySeed;

  beforeAll(async () => {
    seed = await seedA11yStation(app.server);
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${size} ${viewport.width}×${viewport.height}: no critical or serious violation on any screen`, async () => {
      const findings: Finding[] = [];
      const signedOut = await app.newPage(viewport);
      for (const stop of SIGNED_OUT_STOPS) {
        await stop.open(signedOut, seed);
        findings.push(...(await audit(signedOut, stop.name)));
      }
      const page = await app.newPage(viewport);
      await login(page, DEV_OWNER.username, DEV_OWNER.password);
      for (const stop of SIGNED_IN_STOPS) {
        await stop.open(page, seed);
        findings.push(...(await audit(page, stop.name)));
      }
      console.log(report(size, findings));
      // A11Y_REPORT=dir keeps every element of every finding, for fixing rather than gating.
      if (process.env.A11Y_REPORT)
        fs.writeFileSync(path.join(process.env.A11Y_REPORT, `a11y-${size}.json`), JSON.stringify(findings, null, 1));
      const blocking = findings.filter((f) => f.impact === 'critical' || f.impact === 'serious');
      expect(blocking.map((f) => `${f.impact} ${f.screen} ${f.rule} ×${f.elements}: ${f.examples[0] ?? ''}`)).toEqual(
        [],
      );
      expect(countBy(findings, 'critical') + countBy(findings, 'serious')).toBe(0);
    }, 300_000);
  }
});

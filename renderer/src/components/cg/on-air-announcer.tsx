import { useEffect, useRef, useState } from 'react';
import type { CgFile } from '@shared/contracts/cg-files';
import { useCgFiles } from '@/lib/api/cg/get-cg-files';
import { onAirAnnouncement, type OnAirAnnouncement } from '@/lib/cg/on-air-announcement';

const SILENT: OnAirAnnouncement = { assertive: null, polite: null };

/**
 * Two live regions that say what just went on air (issue 27): polite for headlines and bars,
 * assertive for an emergency. Always in the page, empty until a change, because a screen reader
 * only announces regions it already knew. Reads the CG files query the header keeps live
 * (cg_file_updated), so every screen hears a change made anywhere, by anyone.
 */
export function OnAirAnnouncer() {
  const files = useCgFiles().data;
  const previous = useRef<readonly CgFile[] | undefined>(undefined);
  const [said, setSaid] = useState<OnAirAnnouncement>(SILENT);
  useEffect(() => {
    if (!files) return;
    const next = onAirAnnouncement(previous.current, files);
    previous.current = files;
    if (next.assertive || next.polite) setSaid(next);
  }, [files]);
  return (
    <div className="visually-hidden" data-testid="on-air-announcer">
      <div role="alert" aria-live="assertive" aria-atomic="true" data-testid="on-air-assertive">
        {said.assertive}
      </div>
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="on-air-polite">
        {said.polite}
      </div>
    </div>
  );
}

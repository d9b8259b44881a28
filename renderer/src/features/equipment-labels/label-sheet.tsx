import type { Equipment } from '@shared/contracts/equipment';
import { toSheets } from './label-grid';
import classes from './label-sheet.module.css';
import { labelUrl } from '@/lib/label-url';
import { QrSvg } from './qr-svg';

export type LabelItem = Pick<Equipment, 'id' | 'code' | 'name'>;

/** One label: QR (when a phone-reachable address is known), the code large, the name. */
function Label({ item, baseUrl }: { item: LabelItem; baseUrl: string | null }) {
  const url = baseUrl ? labelUrl(baseUrl, item.code) : undefined;
  return (
    <div className={classes.label} data-testid="equipment-label" data-code={item.code} data-url={url}>
      {url && <QrSvg value={url} />}
      <div className={classes.text}>
        <div className={classes.code}>{item.code}</div>
        <div className={classes.name} dir="auto">
          {item.name}
        </div>
      </div>
    </div>
  );
}

/**
 * Printable A4 sheets of equipment labels (route-less: the labels page and anything else may
 * render it). `baseUrl` is the origin phones reach this server at; null prints labels without QR.
 */
export function LabelSheet({ items, baseUrl }: { items: readonly LabelItem[]; baseUrl: string | null }) {
  return (
    <div className={classes.printArea} data-testid="label-sheets">
      {/* On a phone the A4 sheets scroll sideways: focusable, so the keyboard can scroll them too. */}
      <div className={classes.scroller} tabIndex={0} role="region" aria-label="Label sheets">
        {toSheets(items).map((sheet, index) => (
          <div key={index} className={classes.sheet} data-testid="label-sheet-page">
            {sheet.map((item) => (
              <Label key={item.id} item={item} baseUrl={baseUrl} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

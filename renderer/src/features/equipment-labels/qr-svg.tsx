import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import classes from './label-sheet.module.css';

/**
 * The QR of one URL as SVG from the `qrcode` library (vector: sharp at any printer resolution).
 * Error correction M survives a scuffed label; the quiet zone is the label's own white margin.
 */
export function QrSvg({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })
      .then((markup) => current && setSvg(markup))
      .catch((error: unknown) => console.error('QR code failed', error));
    return () => {
      current = false;
    };
  }, [value]);
  // The markup is the library's own output for a URL we built: paths only, no user text as markup.
  return (
    <div
      className={classes.qr}
      data-testid="label-qr"
      role="img"
      aria-label={`QR code for ${value}`}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

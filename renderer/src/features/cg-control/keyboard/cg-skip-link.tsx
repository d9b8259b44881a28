import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import classes from './cg-skip-link.module.css';

/** The Headline field's id: the skip link's target. */
export const CG_FIELDS_ID = 'cg-headline';

/**
 * "Skip to CG fields" (issue 38, point 12): the first Tab stop of the page while CG Control is
 * open, so a keyboard operator reaches the Headline field in one Tab instead of walking the
 * header and the menu. Its own container at the top of <body>: tab order follows the document,
 * and the shell (header, menu) comes before the page's own elements.
 */
export function CgSkipLink() {
  const [host] = useState(() => document.createElement('div'));
  useEffect(() => {
    document.body.prepend(host);
    return () => host.remove();
  }, [host]);
  return createPortal(
    <a
      href={`#${CG_FIELDS_ID}`}
      className={classes.skip}
      data-testid="cg-skip-link"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(CG_FIELDS_ID)?.focus();
      }}
    >
      Skip to CG fields
    </a>,
    host,
  );
}

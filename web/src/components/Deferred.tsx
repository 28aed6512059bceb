// Parts of a page loaded when first needed (the spreadsheet reader, the code editor, statement
// previews): their code is not part of the page's first load.
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';

/** React.lazy for a named export: `lazyNamed(() => import('./X.tsx').then((m) => m.X))`. */
export function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}

/**
 * Mounts `children` (a lazily loaded part, e.g. a modal) from the first time `when` holds on, and
 * keeps it mounted: its code loads when first needed and a closing modal still animates out.
 */
export function Deferred({ when, children, fallback = null }: { when: boolean; children: ReactNode; fallback?: ReactNode }) {
  const [seen, setSeen] = useState(when);
  if (when && !seen) setSeen(true);
  return seen || when ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}

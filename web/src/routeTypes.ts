// The shape of one entry of the route table (routes.tsx).

import type { ComponentType, LazyExoticComponent } from 'react';
import type { Access } from './lib/guard.ts';
import type { RouteName } from './lib/paths.ts';

export interface AppRoute {
  /** Key of `paths` in lib/paths.ts; the URL pattern comes from there. The document title is `route.<name>` of the catalogues (i18n/en.ts, zh.ts). */
  name: RouteName;
  /** Who may open it: the guard checks user or admin login. */
  access: Access;
  /** Chrome around the page: none, the user top menu, or the admin side menu. */
  layout: 'none' | 'user' | 'admin';
  page: LazyExoticComponent<ComponentType>;
}

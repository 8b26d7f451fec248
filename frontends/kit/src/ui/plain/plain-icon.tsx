import type SvgIcon from '@mui/material/SvgIcon';
import type { ReactNode } from 'react';

type SvgIconComponent = typeof SvgIcon;

/** The `<path>` an icon of `@mui/icons-material` draws: `createSvgIcon(path)` wraps it in a forwardRef render. */
type IconInternals = { type?: { render?: (props: object, ref: null) => { props: { children: ReactNode } } } };

const paths = new WeakMap<SvgIconComponent, ReactNode>();

function pathOf(icon: SvgIconComponent): ReactNode {
  let path = paths.get(icon);
  if (path === undefined) {
    const render = (icon as unknown as IconInternals).type?.render;
    if (!render) throw new Error('not an icon of @mui/icons-material');
    path = render({}, null).props.children;
    paths.set(icon, path);
  }
  return path;
}

/**
 * An icon of `@mui/icons-material` drawn as a bare `<svg>` with the kit's static classes: the same drawing as
 * `<Icon />` without a styled SvgIcon around it, for parts repeated on every post of a page
 * (docs/adr/0083-plain-post-parts.md).
 */
export function PlainIcon({ icon, small = false }: { icon: SvgIconComponent; small?: boolean }) {
  return (
    <svg
      className={small ? 'ag-icon ag-icon--small' : 'ag-icon'}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      {pathOf(icon)}
    </svg>
  );
}

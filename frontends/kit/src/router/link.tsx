import { Link as MuiLink, type LinkProps as MuiLinkProps } from '@mui/material';
import type { MouseEvent } from 'react';
import { isExternal, navigate } from './history';

export type LinkProps = Omit<MuiLinkProps, 'href'> & { to: string };

/** An anchor that navigates inside the app without a page load (ctrl/cmd-click still opens a tab). */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isExternal(to) || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <MuiLink href={to} onClick={handle} underline="hover" {...rest} />;
}

import { Button, type ButtonProps, Link as MuiLink, type LinkProps as MuiLinkProps } from '@mui/material';
import type { MouseEvent } from 'react';
import { isExternal, navigate } from './history';

export type LinkProps = Omit<MuiLinkProps, 'href'> & { to: string };

/** Follows `to` inside the app without a page load, unless the click asks for a tab or window of its own. */
export function inAppNavigation(to: string, onClick?: (event: MouseEvent<HTMLAnchorElement>) => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || isExternal(to) || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
}

/** An anchor that navigates inside the app without a page load (ctrl/cmd-click still opens a tab). */
export function Link({ to, onClick, ...rest }: LinkProps) {
  return <MuiLink href={to} onClick={inAppNavigation(to, onClick)} underline="hover" {...rest} />;
}

export type LinkButtonProps = Omit<ButtonProps<'a'>, 'href'> & { to: string };

/** A link drawn as a button, for a row of actions where one of them goes to another page. */
export function LinkButton({ to, onClick, ...rest }: LinkButtonProps) {
  return <Button href={to} onClick={inAppNavigation(to, onClick)} {...rest} />;
}

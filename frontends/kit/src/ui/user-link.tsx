import type { ReactNode } from 'react';
import { inAppNavigation } from '../router/link';
import { ROUTES } from '../router/routes';

/**
 * A member's name, linked to their profile. A deleted or unknown member's card has no username (the
 * server's one rule, docs/behaviour-decisions.md): their name shows as plain text, with no profile to open.
 * A bare anchor with the kit's static classes: it is drawn on every post and comment of a page.
 */
export function UserLink({
  username,
  children,
  small = false,
}: {
  username: string;
  children: ReactNode;
  small?: boolean;
}) {
  if (!username) return <span data-testid="deleted-user">{children}</span>;
  const to = ROUTES.profile(username);
  return (
    <a href={to} className={small ? 'ag-link ag-body2' : 'ag-link'} onClick={inAppNavigation(to)}>
      {children}
    </a>
  );
}

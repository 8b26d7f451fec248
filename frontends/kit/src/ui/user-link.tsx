import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, type LinkProps } from '../router/link';
import { ROUTES } from '../router/routes';

/**
 * A member's name, linked to their profile. A deleted or unknown member's card has no username (the
 * server's one rule, docs/behaviour-decisions.md): their name shows as plain text, with no profile to open.
 */
export function UserLink({
  username,
  children,
  ...rest
}: { username: string; children: ReactNode } & Omit<LinkProps, 'to' | 'children'>) {
  if (!username) {
    return (
      <Box component="span" data-testid="deleted-user">
        {children}
      </Box>
    );
  }
  return (
    <Link to={ROUTES.profile(username)} {...rest}>
      {children}
    </Link>
  );
}

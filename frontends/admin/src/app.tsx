import { Loading, RouteScreens, refreshProfile, useLoginState } from '@agora/kit';
import { useEffect, useState } from 'react';
import { AdminLayout } from './layout/admin-layout';
import { AdminLoginPage } from './login/admin-login-page';
import { ROUTE_TABLE } from './routes';

/**
 * The admin micro-frontend. The signed-in user is reloaded on entry, so a role taken away a moment ago
 * is known before any admin screen is drawn; then each screen is behind the admin guard. A visitor not
 * signed in meets the admin area's own sign-in page.
 */
export function AdminApp() {
  const [ready, setReady] = useState(false);
  const { isAdmin, isLogged } = useLoginState();
  useEffect(() => {
    void refreshProfile(true).finally(() => setReady(true));
  }, []);
  if (!ready) return <Loading />;
  // The admin area has its own sign-in (docs/adr/0064-admin-area.md).
  if (!isLogged) return <AdminLoginPage />;
  // Anyone else meets the guards (403) without the admin menu.
  if (!isAdmin) return <RouteScreens routes={ROUTE_TABLE} />;
  return (
    <AdminLayout>
      <RouteScreens routes={ROUTE_TABLE} />
    </AdminLayout>
  );
}

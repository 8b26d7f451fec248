import { useLocation, useStore } from '@agora/kit';
import { Drawer, useMediaQuery, useTheme } from '@mui/material';
import { useEffect } from 'react';
import { CustomHtml } from '../custom-html';
import { navOpen } from '../nav-state';
import { SideNav } from './side-nav';
import { SidebarPlugin } from './sidebar-plugin';

/** The side navigation application: a column on wide screens, a drawer on small ones. */
export function NavApp() {
  const small = useMediaQuery(useTheme().breakpoints.down('md'));
  const open = useStore(navOpen);
  const { href } = useLocation();
  useEffect(() => {
    if (href) navOpen.set(false);
  }, [href]);
  if (!small)
    return (
      <>
        <SideNav />
        <SidebarPlugin />
        <CustomHtml slot="custom_sidebar" />
      </>
    );
  return (
    <Drawer open={open} onClose={() => navOpen.set(false)}>
      <SideNav onNavigate={() => navOpen.set(false)} />
      <SidebarPlugin />
    </Drawer>
  );
}

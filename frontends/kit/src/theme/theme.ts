import { Limits } from '@agora/contracts/limits';
import { createTheme, type Theme } from '@mui/material';
import type { SiteInfo } from '../api/wire';

/** The theme settings of `siteinfo` that the MUI theme reads. */
type SiteTheme = Partial<Pick<SiteInfo['theme'], 'theme' | 'theme_config'>>;

/** The site's primary colour (admin theme settings), else #0033FF. */
export function primaryColor(site: SiteTheme | undefined): string {
  const config = site?.theme_config?.[site.theme ?? 'default'] as { primary_color?: unknown } | undefined;
  const color = typeof config?.primary_color === 'string' ? config.primary_color : '';
  return /^#[0-9a-f]{3,8}$/i.test(color) ? color : Limits.defaults.primaryColor;
}

/** `colored` (default) draws the header in the primary colour, `light` in white. */
export function navbarStyle(site: SiteTheme | undefined): 'colored' | 'light' {
  const config = site?.theme_config?.[site.theme ?? 'default'] as { navbar_style?: unknown } | undefined;
  return config?.navbar_style === 'light' ? 'light' : 'colored';
}

const cache = new Map<string, Theme>();

/** The MUI theme: primary #0033FF unless the site's theme settings override it. */
export function agoraTheme(site: SiteTheme | undefined): Theme {
  const primary = primaryColor(site);
  let theme = cache.get(primary);
  if (!theme) {
    theme = createTheme({
      palette: { primary: { main: primary }, error: { main: '#DC3545' }, success: { main: '#198754' } },
      shape: { borderRadius: 6 },
      typography: {
        fontFamily:
          'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
        button: { textTransform: 'none' },
      },
      components: { MuiButton: { defaultProps: { disableElevation: true } } },
    });
    cache.set(primary, theme);
  }
  return theme;
}

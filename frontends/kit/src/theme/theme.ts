import { Limits } from '@agora/contracts/limits';
import { createTheme, type Theme } from '@mui/material';
import type { SiteInfo } from '../api/wire';

/** The theme settings of `siteinfo` that the MUI theme reads. */
type SiteTheme = Partial<Pick<SiteInfo['theme'], 'theme' | 'theme_config' | 'color_scheme'>>;

export type ColorMode = 'light' | 'dark';

/** The colour scheme the site asks for: dark, light, or the device's when `system`. */
export function colorMode(site: SiteTheme | undefined, deviceIsDark: boolean): ColorMode {
  if (site?.color_scheme === 'dark') return 'dark';
  if (site?.color_scheme === 'system') return deviceIsDark ? 'dark' : 'light';
  return 'light';
}

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

/** The MUI theme: primary #0033FF unless the site's theme settings override it; light or dark. */
export function agoraTheme(site: SiteTheme | undefined, mode: ColorMode = 'light'): Theme {
  const primary = primaryColor(site);
  let theme = cache.get(`${primary} ${mode}`);
  if (!theme) {
    theme = createTheme({
      palette: { mode, primary: { main: primary }, error: { main: '#DC3545' }, success: { main: '#198754' } },
      shape: { borderRadius: 6 },
      typography: {
        fontFamily:
          'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
        button: { textTransform: 'none' },
      },
      components: { MuiButton: { defaultProps: { disableElevation: true } } },
    });
    cache.set(`${primary} ${mode}`, theme);
  }
  return theme;
}

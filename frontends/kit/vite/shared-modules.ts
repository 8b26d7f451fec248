/**
 * Modules every micro-frontend shares through the import map (DESIGN §7): loaded once, external in every
 * micro-frontend build. Code imports them by these exact specifiers (MUI only through its barrel).
 */
export const SHARED_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@emotion/react',
  '@emotion/styled',
  '@mui/material',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
] as const;

/** The kit itself is shared the same way by every micro-frontend but the kit. */
export const KIT_MODULE = '@agora/kit';

/**
 * Material icons (`@mui/icons-material/<Name>`, one small module each) are bundled by the micro-frontend that
 * draws them; what an icon module takes from MUI (`createSvgIcon`, imported from `@mui/material/utils`) comes
 * from the shared MUI module instead, so no second copy of MUI's SvgIcon reaches the page.
 */
export const MUI_ICONS_PACKAGE = '@mui/icons-material';
export const MUI_SUBPATHS_FROM_BARREL = ['@mui/material/utils'] as const;
export const MUI_NAMES_ICONS_USE = ['createSvgIcon'] as const;

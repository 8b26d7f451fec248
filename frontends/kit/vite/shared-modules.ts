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

import { alpha, type Theme } from '@mui/material';

const TONES = ['primary', 'success', 'warning', 'error', 'info'] as const;
export type Tone = (typeof TONES)[number];

/** The theme's colours as custom properties, for the static classes below: they follow the site's colours and scheme. */
function themeVariables(theme: Theme): string {
  const { palette } = theme;
  const dark = palette.mode === 'dark';
  const tones = TONES.map((tone) => {
    const { main, contrastText } = palette[tone];
    return [
      `--ag-${tone}:${main}`,
      `--ag-${tone}-contrast:${contrastText}`,
      `--ag-${tone}-hover:${alpha(main, palette.action.hoverOpacity)}`,
      `--ag-${tone}-outline:${alpha(main, 0.5)}`,
    ].join(';');
  });
  return [
    ...tones,
    `--ag-text-secondary:${palette.text.secondary}`,
    `--ag-divider:${palette.divider}`,
    `--ag-action-active:${palette.action.active}`,
    `--ag-action-hover:${palette.action.hover}`,
    `--ag-action-selected:${palette.action.selected}`,
    `--ag-action-disabled:${palette.action.disabled}`,
    `--ag-action-disabled-bg:${palette.action.disabledBackground}`,
    `--ag-avatar-bg:${dark ? palette.grey[600] : palette.grey[400]}`,
    `--ag-avatar-text:${palette.background.default}`,
    `--ag-code-bg:${palette.grey[100]}`,
    `--ag-font:${theme.typography.fontFamily}`,
    `--ag-radius:${theme.shape.borderRadius}px`,
  ].join(';');
}

const toneClasses = TONES.map(
  (tone) =>
    `.ag-tone-${tone}{--tone:var(--ag-${tone});--tone-contrast:var(--ag-${tone}-contrast);--tone-hover:var(--ag-${tone}-hover);--tone-outline:var(--ag-${tone}-outline)}`,
).join('');

/**
 * The static classes of the parts drawn on every post of a page (buttons, icons, chips, avatars, author lines,
 * comments, post bodies), measured against MUI's own: one stylesheet, not a style computed per element
 * (docs/adr/0083-plain-post-parts.md).
 */
const PLAIN_CSS = `
.ag-btn{--tone:var(--ag-primary);--tone-contrast:var(--ag-primary-contrast);--tone-hover:var(--ag-primary-hover);--tone-outline:var(--ag-primary-outline);
display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;min-width:64px;margin:0;border:0;
border-radius:var(--ag-radius);padding:4px 5px;background:transparent;color:var(--tone);font-family:var(--ag-font);
font-size:.8125rem;font-weight:500;line-height:1.75;letter-spacing:.02857em;text-decoration:none;cursor:pointer;
vertical-align:middle;-webkit-tap-highlight-color:transparent;transition:background-color 250ms,color 250ms}
.ag-btn:hover{background:var(--tone-hover)}
.ag-btn:focus-visible{outline:2px solid var(--tone-outline);outline-offset:1px}
.ag-btn:disabled{color:var(--ag-action-disabled);cursor:default;pointer-events:none}
.ag-btn--inherit{color:inherit;--tone-hover:var(--ag-action-hover)}
.ag-btn--outlined{padding:3px 9px;border:1px solid var(--tone-outline)}
.ag-btn--contained{padding:4px 10px;background:var(--tone);color:var(--tone-contrast)}
.ag-btn--contained:hover{background:var(--tone);filter:brightness(.9)}
.ag-btn--contained:disabled{background:var(--ag-action-disabled-bg)}
.ag-btn--compact{padding-top:0;padding-bottom:0}
.ag-btn--narrow{min-width:0}
.ag-btn__icon{display:inherit;margin:0 8px 0 -2px}
.ag-btn__icon>.ag-icon{font-size:18px}
.ag-icon-btn{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;margin:0;border:0;padding:8px;
border-radius:50%;background:transparent;color:var(--ag-action-active);font-size:1.5rem;cursor:pointer;
-webkit-tap-highlight-color:transparent;transition:background-color 150ms}
.ag-icon-btn:hover{background:var(--ag-action-hover)}
.ag-icon-btn:focus-visible{outline:2px solid var(--ag-primary-outline)}
.ag-icon-btn:disabled{color:var(--ag-action-disabled);cursor:default;pointer-events:none}
.ag-icon-btn--small{padding:5px;font-size:1.125rem}
.ag-icon-btn--primary{color:var(--ag-primary)}
.ag-icon-btn--primary:hover{background:var(--ag-primary-hover)}
.ag-icon{width:1em;height:1em;display:inline-block;flex-shrink:0;fill:currentColor;font-size:1.5rem;user-select:none}
.ag-icon--small{font-size:1.25rem}
.ag-chip{--tone:var(--ag-action-selected);--tone-contrast:inherit;display:inline-flex;align-items:center;justify-content:center;
box-sizing:border-box;height:24px;max-width:100%;border-radius:16px;padding:0 8px;background:var(--tone);color:var(--tone-contrast);
font-family:var(--ag-font);font-size:.8125rem;white-space:nowrap;vertical-align:middle}
.ag-chip>.ag-icon{font-size:18px;margin:0 4px 0 -4px}
.ag-chip--spaced{margin-bottom:8px}
.ag-avatar{display:flex;align-items:center;justify-content:center;flex-shrink:0;overflow:hidden;border-radius:50%;
background:var(--ag-avatar-bg);color:var(--ag-avatar-text);font-family:var(--ag-font);line-height:1;user-select:none}
.ag-avatar>img{width:100%;height:100%;object-fit:cover;text-align:center;color:transparent;text-indent:10000px}
.ag-link{color:var(--ag-primary);text-decoration:none}
.ag-link:hover{text-decoration:underline}
.ag-secondary{color:var(--ag-text-secondary)}
.ag-body2{font-size:.875rem;line-height:1.43;letter-spacing:.01071em}
.ag-caption{font-size:.75rem;line-height:1.66;letter-spacing:.03333em}
.ag-h6{margin:0;font-size:1.25rem;font-weight:500;line-height:1.6;letter-spacing:.0075em}
.ag-tip{position:absolute;bottom:calc(100% + 4px);left:50%;transform:translateX(-50%);padding:4px 8px;border-radius:4px;
background:rgba(97,97,97,.92);color:#fff;font-family:var(--ag-font);font-size:.6875rem;font-weight:500;white-space:nowrap;z-index:1500}
.ag-anchor{position:relative;display:inline-flex}
.post-html{overflow-wrap:anywhere}
.post-html img{max-width:100%}
.post-html pre{background:var(--ag-code-bg);padding:12px;border-radius:var(--ag-radius);overflow-x:auto}
.post-html code{font-family:monospace}
.post-html :not(pre)>code{background:var(--ag-code-bg);padding:0 4px;border-radius:calc(var(--ag-radius)/2)}
.post-html pre:has(>code.hljs){background:transparent;padding:0}
.post-html pre code.hljs{padding:12px;border-radius:var(--ag-radius)}
.post-html blockquote{border-left:4px solid var(--ag-divider);margin:0;padding-left:16px;color:var(--ag-text-secondary)}
.post-html p:first-of-type{margin-top:0}
.ag-post{padding:16px 0;border-top:1px solid var(--ag-divider)}
.ag-post--highlighted{background:rgba(255,193,7,.08)}
.ag-post__row{display:flex;gap:16px}
.ag-post__side{display:flex;flex-direction:column;align-items:center}
.ag-post__main{flex:1;min-width:0}
.ag-post__actions{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin-top:8px}
.ag-post__bylines{display:flex;justify-content:flex-end;flex-wrap:wrap;gap:24px;margin-top:8px}
.ag-votes{display:flex;flex-direction:column;align-items:center;min-width:48px}
.ag-reactions{display:flex;flex-wrap:wrap;align-items:center;gap:4px;margin-right:8px}
.ag-byline{display:flex;gap:8px;align-items:center;font-size:13px}
.ag-comments{margin-top:8px}
.ag-comments__more{display:flex;gap:8px;margin-top:4px}
.ag-comment{padding:6px 0;border-bottom:1px solid var(--ag-divider);font-size:14px}
.ag-comment__line{display:flex;gap:4px;flex-wrap:wrap;align-items:baseline}
.ag-comment__text p{display:inline;margin:0}
.ag-comment__actions{display:flex;gap:4px;margin-top:2px}
`.replace(/\n/g, '');

// One sheet per theme: `agoraTheme` makes one theme per colour and scheme.
const sheets = new WeakMap<Theme, string>();

function sheetOf(theme: Theme): string {
  let sheet = sheets.get(theme);
  if (sheet === undefined) {
    // Tones come last: they override the defaults a button or chip sets for itself.
    sheet = `:root{${themeVariables(theme)}}${PLAIN_CSS}${toneClasses}`;
    sheets.set(theme, sheet);
  }
  return sheet;
}

/** The kit's static stylesheet in the site theme's colours, drawn once by every application's providers. */
export function PlainStyles({ theme }: { theme: Theme }) {
  return <style data-agora-plain="">{sheetOf(theme)}</style>;
}

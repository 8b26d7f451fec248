import type SvgIcon from '@mui/material/SvgIcon';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { PlainIcon } from './plain-icon';
import type { Tone } from './plain-styles';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** A tone of the theme, or the surrounding text's colour. */
  tone?: Tone | 'inherit';
  variant?: 'text' | 'outlined' | 'contained';
  startIcon?: typeof SvgIcon;
  /** No vertical padding: a row of small actions under a comment. */
  compact?: boolean;
  children?: ReactNode;
  'data-testid'?: string;
}

/** A small MUI-looking button as a bare `<button>` with the kit's static classes (docs/adr/0083-plain-post-parts.md). */
export function PlainButton({
  tone = 'primary',
  variant = 'text',
  startIcon,
  compact = false,
  className,
  children,
  type = 'button',
  ...rest
}: PlainButtonProps) {
  const classes = ['ag-btn', tone === 'inherit' ? 'ag-btn--inherit' : `ag-tone-${tone}`];
  if (variant !== 'text') classes.push(`ag-btn--${variant}`);
  if (compact) classes.push('ag-btn--compact');
  if (className) classes.push(className);
  return (
    <button type={type} className={classes.join(' ')} {...rest}>
      {startIcon ? (
        <span className="ag-btn__icon">
          <PlainIcon icon={startIcon} />
        </span>
      ) : null}
      {children}
    </button>
  );
}

export interface PlainIconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  icon: typeof SvgIcon;
  small?: boolean;
  primary?: boolean;
  'aria-label': string;
  'data-testid'?: string;
}

/** A round icon button as a bare `<button>`; its label is its `aria-label`, shown on hover as the native title. */
export function PlainIconButton({
  icon,
  small = false,
  primary = false,
  type = 'button',
  ...rest
}: PlainIconButtonProps) {
  const classes = ['ag-icon-btn'];
  if (small) classes.push('ag-icon-btn--small');
  if (primary) classes.push('ag-icon-btn--primary');
  return (
    <button type={type} className={classes.join(' ')} title={rest['aria-label']} {...rest}>
      <PlainIcon icon={icon} small={small} />
    </button>
  );
}

/** A small chip: a label with an optional icon, in a tone of the theme. */
export function PlainChip({
  tone,
  icon,
  label,
  spaced = false,
  'data-testid': testId,
}: {
  tone?: Tone;
  icon?: typeof SvgIcon;
  label: ReactNode;
  spaced?: boolean;
  'data-testid'?: string;
}) {
  const classes = ['ag-chip'];
  if (tone) classes.push(`ag-tone-${tone}`);
  if (spaced) classes.push('ag-chip--spaced');
  return (
    <span className={classes.join(' ')} data-testid={testId}>
      {icon ? <PlainIcon icon={icon} small /> : null}
      {label}
    </span>
  );
}

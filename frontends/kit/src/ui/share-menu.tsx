import { Limits } from '@agora/contracts/limits';
import { Menu, MenuItem } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { useUser } from '../session/session';
import { PlainButton } from './plain/plain-button';

/** The link shared: absolute, with `shareUserId` set to the username when logged in. */
export function shareLink(path: string, username: string | undefined, origin = window.location.origin): string {
  const url = new URL(path, origin);
  if (username) url.searchParams.set('shareUserId', username);
  return url.toString();
}

const SITES = [
  { name: 'X', url: (link: string, title: string) => `https://x.com/intent/tweet?url=${link}&text=${title}` },
  { name: 'Facebook', url: (link: string) => `https://www.facebook.com/sharer/sharer.php?u=${link}` },
  { name: 'LinkedIn', url: (link: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${link}` },
];

/** The share menu: copy link ('copied' for 1 s), social sites, the device's native share. */
export function ShareMenu({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), Limits.timing.copiedTipMs);
    return () => clearTimeout(timer);
  }, [copied]);
  // Only the open menu shows it; the page is also drawn on the server, where there is no window.
  const link = anchor ? shareLink(path, user?.username) : '';
  const copy = async () => {
    setAnchor(null);
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  // The button and its "copied" tip are bare elements and the menu exists only while open: a page draws one
  // share menu per post (docs/adr/0083-plain-post-parts.md).
  return (
    <span className="ag-anchor">
      <PlainButton tone="inherit" onClick={(e) => setAnchor(e.currentTarget)} data-testid="share-button">
        {t('ui.share.share')}
      </PlainButton>
      {copied ? (
        <span role="tooltip" className="ag-tip">
          {t('ui.toast.copied')}
        </span>
      ) : null}
      {anchor ? (
        <Menu anchorEl={anchor} open onClose={() => setAnchor(null)}>
          <MenuItem onClick={() => void copy()}>{t('ui.share.copy_link')}</MenuItem>
          {SITES.map((site) => (
            <MenuItem
              key={site.name}
              component="a"
              href={site.url(encodeURIComponent(link), encodeURIComponent(title))}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setAnchor(null)}
            >
              {t('ui.share.share_on', { site: site.name })}
            </MenuItem>
          ))}
          {canShare ? (
            <MenuItem
              onClick={() => {
                setAnchor(null);
                void navigator.share({ title, url: link }).catch(() => undefined);
              }}
            >
              {t('ui.share.native')}
            </MenuItem>
          ) : null}
        </Menu>
      ) : null}
    </span>
  );
}

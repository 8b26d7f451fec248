const STYLE_ID = 'agora-broken-image';

/**
 * Marks images that fail to load: a marker outline, and hidden when there is no alt text.
 * Installed once for the whole page; image errors do not bubble, so it listens in the capture phase.
 */
export function installBrokenImageMarker(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent =
    'img.broken-image{outline:1px dashed #adb5bd;background:#f8f9fa;min-width:24px;min-height:24px;color:#6c757d}';
  document.head.append(style);
  document.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLImageElement)) return;
      target.classList.add('broken-image');
      if (!target.alt) target.style.display = 'none';
    },
    true,
  );
}

import { escapeHtml } from '@agora/platform';

/** A plain, mail-client-safe page around already escaped body HTML. */
export function htmlDocument(options: { lang: string; title: string; body: string }): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${escapeHtml(options.lang)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,BlinkMacSystemFont,' +
      "'Segoe UI',Roboto,'Helvetica Neue',Arial,'PingFang SC','Microsoft YaHei',sans-serif;color:#212529\">",
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;line-height:1.6">',
    options.body,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

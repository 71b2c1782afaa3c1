// Text into HTML written by the reports (the overview, the trend page): every text that comes from a run is escaped.

/** Text safe in an element and in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A relative link to a file of the reports folder: its path percent-encoded, the whole escaped. */
export function fileHref(path: string): string {
  return escapeHtml(path.split('/').map(encodeURIComponent).join('/'));
}

/** The head and body of a page of the reports, opened from disk: no script, nothing fetched from elsewhere. */
export function htmlPage(title: string, body: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#212121}' +
      'figure{margin:1.5rem 0}img{max-width:100%;height:auto}table{border-collapse:collapse}' +
      'td,th{border:1px solid #ddd;padding:.25rem .5rem;text-align:right}td:first-child,th:first-child{text-align:left}' +
      '.verdict{font-size:1.1rem}</style>',
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

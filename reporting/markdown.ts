// Markdown table cells for every report of the folder (requirements, baseline, comparison, certificate, job summary).

/** A table cell: no pipes or newlines. */
export function cell(text: string | undefined | null): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** `[text](href)`, with the text made safe for a table cell and the link text. */
export function mdLink(text: string, href: string): string {
  return `[${cell(text).replace(/[[\]]/g, '\\$&')}](${href.replace(/[ ()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)})`;
}

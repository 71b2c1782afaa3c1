// The files a GitHub Actions step writes to talk to the runner (GITHUB_OUTPUT, GITHUB_ENV), read as the runner reads
// them: `NAME=value` lines, and `NAME<<DELIMITER` … `DELIMITER` for a value of several lines.

export function readCommandFile(text: string, file: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line === '') continue;
    const heredoc = /^([^=<\s]+)<<(\S+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      if (end < 0) throw new Error(`${file}: ${heredoc[1]}<<${heredoc[2]} has no closing ${heredoc[2]}`);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new Error(`${file}: not NAME=value nor NAME<<DELIMITER: ${line}`);
    out[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return out;
}

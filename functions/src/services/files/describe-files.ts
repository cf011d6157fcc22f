/** "a.pdf (1234 bytes), b.pdf (99 bytes)" for an audit entry, cut to a length an audit row can hold. */
export function describeFiles(files: readonly { fileName: string; size: number }[]): string {
  const text = files.map((file) => `${file.fileName} (${file.size} bytes)`).join(', ');
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}

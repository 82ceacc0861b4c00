/**
 * A strict RFC 4180 reader for tests, written from the RFC rather than from
 * domain/history.ts, so the export's quoting is checked by an independent
 * parser. Throws on what the RFC forbids: a quote inside a bare field, text
 * after a closing quote, an unterminated quoted field, a bare CR or LF.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const fail = (why: string) => {
    throw new Error(`invalid CSV at ${i}: ${why}`);
  };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) fail('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        field += text.charAt(i);
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') fail('quote or line feed in a bare field');
        field += text.charAt(i);
        i += 1;
      }
    }
    row.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      rows.push(row);
      row = [];
      i += 2;
    } else if (i < text.length) {
      fail('text after a field');
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

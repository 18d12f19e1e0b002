import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF made by pdfmake (tests only; compressed streams are inflated): pdfkit writes each run of text as
 * glyph ids (`[<00010002> 0] TJ`) in a font whose ToUnicode CMap maps them back to characters. One line per
 * baseline, in drawing order. Enough for our own insertion order; not a general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  // Compressed streams (the product's downloads) are inflated first; the others are read as they are.
  const raw = inflateStreams(Buffer.from(pdf).toString('latin1'));
  const objectBody = (n: string) => {
    const start = raw.indexOf(`\n${n} 0 obj`);
    return start < 0 ? '' : raw.slice(start, raw.indexOf('endobj', start));
  };
  const cmaps = new Map<string, Map<number, string>>();
  const cmapOfFont = (fontObject: string) => {
    const cached = cmaps.get(fontObject);
    if (cached) return cached;
    const map = new Map<number, string>();
    const toUnicode = /\/ToUnicode (\d+) 0 R/.exec(objectBody(fontObject))?.[1];
    const body = toUnicode ? objectBody(toUnicode) : '';
    for (const [, from, values] of body.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      // A ligature maps to several characters: <0066 0066 0069> is "ffi".
      const codes = [...values!.matchAll(/<([0-9a-f ]+)>/gi)].map((m) => m[1]!.trim().split(/\s+/));
      codes.forEach((units, i) => {
        const text = units.map((hex) => String.fromCharCode(Number.parseInt(hex, 16))).join('');
        map.set(Number.parseInt(from!, 16) + i, text);
      });
    }
    cmaps.set(fontObject, map);
    return map;
  };
  const fonts = new Map<string, string>();
  for (const [, name, object] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(name!, object!);
  const lines: string[] = [];
  let font: Map<number, string> = new Map();
  let y: string | null = null;
  let lineY: string | null = null;
  const pattern = /\/(F\d+) [\d.]+ Tf|[-\d.]+ ([-\d.]+) Tm|\[((?:<[0-9a-f]*>|[-\d.\s])*)\] TJ/gi;
  for (const match of raw.matchAll(pattern)) {
    if (match[1]) {
      font = cmapOfFont(fonts.get(match[1]) ?? '');
      continue;
    }
    if (match[2]) {
      y = match[2];
      continue;
    }
    const hex = [...match[3]!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
    let text = '';
    for (let i = 0; i + 4 <= hex.length; i += 4)
      text += font.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '';
    // pdfmake draws word by word; the words of one line share its baseline.
    if (lines.length > 0 && y === lineY) lines[lines.length - 1] += text;
    else lines.push(text);
    lineY = y;
  }
  return lines.map((line) => line.trimEnd()).join('\n');
}

/** The PDF's text with every compressed stream inflated (the others are left as they are). */
export function inflateStreams(raw: string): string {
  // pdfkit ends a stream's data with "\nendstream": a compressed stream may itself end in a "\r" byte (one in
  // 256), which is data, not a line ending. A stream written with "\r\n" is tried without its "\r".
  return raw.replace(/stream\r?\n([\s\S]*?)\nendstream/g, (whole, body: string) => {
    for (const data of [body, body.replace(/\r$/, '')]) {
      try {
        return `stream\n${inflateSync(Buffer.from(data, 'latin1')).toString('latin1')}\nendstream`;
      } catch {
        // not this reading of the stream
      }
    }
    return whole;
  });
}

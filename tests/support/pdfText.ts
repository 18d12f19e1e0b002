/**
 * The text of a PDF made by pdfmake with `compress: false` (tests only): pdfkit writes each run of text as
 * glyph ids (`[<00010002> 0] TJ`) in a font whose ToUnicode CMap maps them back to characters. One line per
 * TJ, in drawing order. Enough for our own insertion order; not a general PDF reader.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = new TextDecoder('latin1').decode(pdf);
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
      const codes = [...values!.matchAll(/<([0-9a-f]+)>/gi)].map((m) => m[1]!);
      codes.forEach((hex, i) => {
        map.set(Number.parseInt(from!, 16) + i, String.fromCodePoint(Number.parseInt(hex, 16)));
      });
    }
    cmaps.set(fontObject, map);
    return map;
  };
  const fonts = new Map<string, string>();
  for (const [, name, object] of raw.matchAll(/\/(F\d+) (\d+) 0 R/g)) fonts.set(name!, object!);
  const lines: string[] = [];
  let font: Map<number, string> = new Map();
  for (const match of raw.matchAll(/\/(F\d+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[-\d.\s])*)\] TJ/gi)) {
    if (match[1]) {
      font = cmapOfFont(fonts.get(match[1]) ?? '');
      continue;
    }
    const hex = [...match[2]!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
    let text = '';
    for (let i = 0; i + 4 <= hex.length; i += 4) text += font.get(Number.parseInt(hex.slice(i, i + 4), 16)) ?? '';
    lines.push(text);
  }
  return lines.join('\n');
}

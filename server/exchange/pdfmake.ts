import { createRequire } from 'node:module';

/**
 * pdfmake 0.3's Node API (it ships no types): the server-side singleton, its bundled Roboto (Latin,
 * Greek, Cyrillic) loaded from `pdfmake/build/vfs_fonts.js` into its virtual file system, and no access
 * to URLs or local files: a document can only use what we put in it.
 */

export interface PdfOutput {
  getBuffer(): Promise<Buffer>;
}
interface PdfMake {
  virtualfs: { writeFileSync(name: string, content: Buffer): void };
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: object): PdfOutput;
}

const require = createRequire(import.meta.url);
let loaded: PdfMake | null = null;

export function pdfMake(): PdfMake {
  if (loaded) return loaded;
  const pdfmake = require('pdfmake') as PdfMake;
  const vfs = require('pdfmake/build/vfs_fonts.js') as Record<string, string>;
  for (const [name, base64] of Object.entries(vfs))
    pdfmake.virtualfs.writeFileSync(name, Buffer.from(base64, 'base64'));
  pdfmake.setFonts({
    Roboto: {
      normal: 'Roboto-Regular.ttf',
      bold: 'Roboto-Medium.ttf',
      italics: 'Roboto-Italic.ttf',
      bolditalics: 'Roboto-MediumItalic.ttf',
    },
  });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  loaded = pdfmake;
  return pdfmake;
}

import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateStreams } from './pdfText';

const stream = (data: Buffer) =>
  Buffer.concat([
    Buffer.from('4 0 obj\n<< /Filter /FlateDecode >>\nstream\n', 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\n', 'latin1'),
  ]).toString('latin1');

describe('reading the PDFs the tests download', () => {
  it('inflates a compressed stream whose last byte is a carriage return (one stream in 256)', () => {
    // "BT (59) Tj ET" compresses to bytes that end in 0x0d: the reader once took it for a line ending.
    const data = deflateSync(Buffer.from('BT (59) Tj ET'));
    expect(data.at(-1)).toBe(0x0d);
    expect(inflateStreams(stream(data))).toContain('BT (59) Tj ET');
  });

  it('inflates an ordinary stream, and leaves one it cannot inflate as it is', () => {
    expect(inflateStreams(stream(deflateSync(Buffer.from('BT (1) Tj ET'))))).toContain('BT (1) Tj ET');
    const plain = stream(Buffer.from('BT (plain) Tj ET'));
    expect(inflateStreams(plain)).toBe(plain);
  });
});

import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-format';

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', fill: (b: Buffer) => void): Buffer {
  const data = Buffer.alloc(40);
  data.write('RIFF', 0, 'latin1');
  data.write('WEBP', 8, 'latin1');
  data.write(chunk, 12, 'latin1');
  fill(data);
  return data;
}

describe('sniffImage', () => {
  it('reads PNG and its size', () => {
    const png = Buffer.alloc(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(800, 16);
    png.writeUInt32BE(600, 20);
    expect(sniffImage(png)).toEqual({ contentType: 'image/png', width: 800, height: 600 });
  });

  it('reads the three kinds of WebP', () => {
    const lossy = webp('VP8 ', (b) => {
      b.writeUInt16LE(320, 26);
      b.writeUInt16LE(240, 28);
    });
    const lossless = webp('VP8L', (b) => b.writeUInt32LE((320 - 1) | ((240 - 1) << 14), 21));
    const extended = webp('VP8X', (b) => {
      b.writeUIntLE(320 - 1, 24, 3);
      b.writeUIntLE(240 - 1, 27, 3);
    });
    for (const data of [lossy, lossless, extended]) {
      expect(sniffImage(data)).toEqual({ contentType: 'image/webp', width: 320, height: 240 });
    }
  });

  it('knows a JPEG by its first bytes even without a readable size', () => {
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00]))).toEqual({
      contentType: 'image/jpeg',
      width: null,
      height: null,
    });
  });

  it('refuses everything else, whatever it is called', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

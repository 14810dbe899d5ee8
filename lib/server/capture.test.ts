import { describe, expect, test } from 'vitest';
import { chosenEncoding } from './capture.mjs';

// A captured page goes out compressed as the framework's compression would have sent it.
describe('the encoding of a captured page', () => {
  test('gzip when it is accepted, whatever its weight beside deflate', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('gzip');
    expect(chosenEncoding('deflate;q=1, gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('gzip');
  });
  test('deflate when gzip is refused or not named', () => {
    expect(chosenEncoding('deflate')).toBe('deflate');
    expect(chosenEncoding('gzip;q=0, deflate')).toBe('deflate');
    expect(chosenEncoding('*, gzip;q=0')).toBe('deflate');
  });
  test('none without the header, or with only encodings it does not write', () => {
    expect(chosenEncoding(undefined)).toBeUndefined();
    expect(chosenEncoding('')).toBeUndefined();
    expect(chosenEncoding('br')).toBeUndefined();
    expect(chosenEncoding('identity')).toBeUndefined();
    expect(chosenEncoding('gzip;q=0, deflate;q=0')).toBeUndefined();
  });
});

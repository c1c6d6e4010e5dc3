import { describe, expect, it } from 'vitest';
import { frame } from './console-frame.js';

describe('frame', () => {
  it('boxes the lines, padded to the longest, accents counted as one column', () => {
    expect(frame(['Senha:  abc', 'Guarde-a: não será mostrada de novo.']).split('\n')).toEqual([
      '┌──────────────────────────────────────┐',
      '│ Senha:  abc                          │',
      '│ Guarde-a: não será mostrada de novo. │',
      '└──────────────────────────────────────┘',
    ]);
  });
});

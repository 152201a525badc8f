import { describe, expect, it } from 'vitest';
import { compareText } from './compareText';

describe('compareText', () => {
  it('orders alphabetically whatever the case and the accents', () => {
    expect(['zoë', 'Élodie', 'adam', 'Bea', 'elliot'].sort(compareText)).toEqual([
      'adam',
      'Bea',
      'elliot',
      'Élodie',
      'zoë',
    ]);
  });

  it('orders texts that fold alike by how they are written, so the order is stable', () => {
    expect(['eva', 'Eva', 'Éva'].sort(compareText)).toEqual(['Eva', 'eva', 'Éva']);
    expect(compareText('same', 'same')).toBe(0);
  });
});

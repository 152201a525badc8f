import { describe, expect, it } from 'vitest';
import { imageUrlFor } from './imageChoice.js';

const image = (width: number | null) => ({
  url: `https://i.scdn.co/image/${width ?? 'unsized'}`,
  width,
  height: width,
});

describe('imageUrlFor', () => {
  it("takes Spotify's 300 pixel image of 640, 300 and 64, in any order", () => {
    expect(imageUrlFor([image(640), image(300), image(64)])).toBe(image(300).url);
    expect(imageUrlFor([image(64), image(640), image(300)])).toBe(image(300).url);
  });

  it('takes the narrowest image wide enough', () => {
    expect(imageUrlFor([image(1000), image(420), image(640)])).toBe(image(420).url);
  });

  it('takes the widest when none is wide enough', () => {
    expect(imageUrlFor([image(64), image(160)])).toBe(image(160).url);
  });

  it('takes the first when Spotify gives no widths, and none of none', () => {
    expect(imageUrlFor([image(null), image(null)])).toBe(image(null).url);
    expect(imageUrlFor([])).toBeNull();
  });

  it('prefers a sized image to an unsized one', () => {
    expect(imageUrlFor([image(null), image(640), image(300)])).toBe(image(300).url);
  });
});

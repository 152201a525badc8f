import { describe, expect, it } from 'vitest';
import { isSpotifyImageUrl, isStandInImagePath, isStandInImageUrl } from './artwork.js';

describe('artwork links', () => {
  it("accept https links on Spotify's image CDNs only", () => {
    for (const url of [
      'https://i.scdn.co/image/ab67616d0000b273aaaa',
      'https://mosaic.scdn.co/640/ab67616d0000b273',
      'https://image-cdn-ak.spotifycdn.com/image/ab67706c0000da84',
      'https://image-cdn-fa.spotifycdn.com/image/ab67706c0000da84',
    ])
      expect(isSpotifyImageUrl(url), url).toBe(true);
    for (const url of [
      'http://i.scdn.co/image/ab67616d0000b273aaaa',
      'https://scdn.co.tracker.example/pixel.png',
      'https://i.scdn.co.tracker.example/pixel.png',
      'https://evilspotifycdn.com/pixel.png',
      'https://user:pass@i.scdn.co/image/x',
      'https://i.scdn.co:8443/image/x',
      'https://tracker.example/pixel.png',
      'not a link',
    ])
      expect(isSpotifyImageUrl(url), url).toBe(false);
  });

  it("accept the local Spotify's images only at the app's own origin", () => {
    const origin = 'http://127.0.0.1:3000';
    expect(isStandInImageUrl('http://127.0.0.1:3000/_spotify/images/abc.svg', origin)).toBe(true);
    expect(isStandInImageUrl('https://tracker.example/_spotify/images/abc.svg', origin)).toBe(
      false,
    );
    expect(isStandInImageUrl('http://127.0.0.1:3000/pixel.png', origin)).toBe(false);
    expect(isStandInImagePath('https://tracker.example/_spotify/images/abc.svg')).toBe(true);
    expect(isStandInImagePath('javascript:alert(1)//_spotify/images/')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  firstUpcomingDay,
  hasReleaseDayCome,
  isUpcomingReleaseDay,
  looksLikeTrackReference,
  spotifyTrackIdFrom,
} from './catalog.js';

const ID = '4uLU6hMCjMI75M1A2tKUQC';

describe('Spotify track references', () => {
  it('reads the id from a track link, a URI or a bare id', () => {
    expect(spotifyTrackIdFrom(`https://open.spotify.com/track/${ID}`)).toBe(ID);
    expect(spotifyTrackIdFrom(`https://open.spotify.com/track/${ID}?si=abc123`)).toBe(ID);
    expect(spotifyTrackIdFrom(`https://open.spotify.com/intl-de/track/${ID}`)).toBe(ID);
    expect(spotifyTrackIdFrom(`  spotify:track:${ID} `)).toBe(ID);
    expect(spotifyTrackIdFrom(ID)).toBe(ID);
  });

  it('refuses links to other things and other hosts', () => {
    expect(spotifyTrackIdFrom(`https://open.spotify.com/album/${ID}`)).toBeNull();
    expect(spotifyTrackIdFrom(`https://open.spotify.com.evil.test/track/${ID}`)).toBeNull();
    expect(spotifyTrackIdFrom(`spotify:playlist:${ID}`)).toBeNull();
    expect(spotifyTrackIdFrom('two words')).toBeNull();
    expect(spotifyTrackIdFrom('')).toBeNull();
  });

  it('tells a pasted link from search words', () => {
    expect(looksLikeTrackReference(`https://open.spotify.com/track/${ID}`)).toBe(true);
    expect(looksLikeTrackReference(`spotify:track:${ID}`)).toBe(true);
    expect(looksLikeTrackReference(ID)).toBe(true);
    expect(looksLikeTrackReference('midnight')).toBe(false);
    expect(looksLikeTrackReference('Supercalifragilisticex')).toBe(false);
  });
});

describe('upcoming release days (UTC)', () => {
  const lateEvening = new Date('2026-06-01T23:30:00Z');

  it('must be tomorrow or later, up to 2099-12-31', () => {
    expect(firstUpcomingDay(lateEvening)).toBe('2026-06-02');
    expect(isUpcomingReleaseDay('2026-06-01', lateEvening)).toBe(false);
    expect(isUpcomingReleaseDay('2026-06-02', lateEvening)).toBe(true);
    expect(isUpcomingReleaseDay('2099-12-31', lateEvening)).toBe(true);
    expect(isUpcomingReleaseDay('2100-01-01', lateEvening)).toBe(false);
  });

  it('has come on the day itself', () => {
    expect(hasReleaseDayCome('2026-06-01', lateEvening)).toBe(true);
    expect(hasReleaseDayCome('2026-06-02', lateEvening)).toBe(false);
  });
});

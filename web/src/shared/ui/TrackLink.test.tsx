import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrackLink, trackLinkTarget } from './TrackLink';

const track = { id: '4uLU6hMCjMI75M1A2tKUQC', name: 'Night Swim', preview_url: null };

describe('Track link helper', () => {
  it("links to the track's page on Spotify, titled 'Listen to {name} on Spotify'", () => {
    render(<TrackLink track={track} />);
    const link = screen.getByRole('link', { name: 'Night Swim' });
    expect(link).toHaveAttribute('href', 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    expect(link).toHaveAttribute('title', 'Listen to Night Swim on Spotify');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('uses the preview_url when the track has one', () => {
    const withPreview = { ...track, preview_url: 'https://p.scdn.co/mp3-preview/abc' };
    expect(trackLinkTarget(withPreview, { spotify: true })).toEqual({
      href: 'https://p.scdn.co/mp3-preview/abc',
      title: 'Listen to Night Swim on Spotify',
    });
  });

  it('otherwise uses the given link and the track name', () => {
    render(
      <TrackLink track={track} href="/catalog#night-swim">
        Open
      </TrackLink>,
    );
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link).toHaveAttribute('href', '/catalog#night-swim');
    expect(link).toHaveAttribute('title', 'Night Swim');
  });
});

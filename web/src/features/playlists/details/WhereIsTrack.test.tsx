import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/renderScreen';
import { stubApi } from '../../../test/stubApi';
import { WhereIsTrack } from './WhereIsTrack';

const open = () => renderScreen(<WhereIsTrack trackId="trackA" trackName="Night Swim" />);

describe('WhereIsTrack', () => {
  it('lists every playlist holding the track, at which position, and the swap if any', async () => {
    const api = stubApi({
      'playlists/where-is-track': {
        body: {
          trackId: 'trackA',
          places: [
            {
              playlistId: 'nightdrive',
              playlistName: 'Late Night Drive',
              position: 4,
              since: '2026-03-01T10:00:00.000Z',
              tradeId: null,
            },
            {
              playlistId: 'harbour',
              playlistName: 'Harbour Radio',
              position: 0,
              since: '2026-03-02T10:00:00.000Z',
              tradeId: 'trade-7',
            },
          ],
        },
      },
    });
    open();
    const panel = screen.getByRole('region', { name: 'Where “Night Swim” is' });
    const items = await within(panel).findAllByRole('listitem');
    // Dates as the spec shows them (section 2, Date display).
    expect(items[0]).toHaveTextContent(/Late Night Drive at 5,\s*since March 01, 2026/);
    expect(within(items[0]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent(/Harbour Radio at 1,\s*since March 02, 2026/);
    expect(within(items[1]!).getByRole('link', { name: 'swap' })).toHaveAttribute(
      'href',
      '/songswap/trade-7',
    );
    expect(api.callsTo('playlists/where-is-track')[0]?.body).toEqual({ trackId: 'trackA' });
  });

  it('says so when no managed playlist holds it', async () => {
    stubApi({ 'playlists/where-is-track': { body: { trackId: 'trackA', places: [] } } });
    open();
    expect(await screen.findByText('In none of your managed playlists.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the lookup fails', async () => {
    stubApi({
      'playlists/where-is-track': {
        status: 500,
        body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } },
      },
    });
    open();
    expect(await screen.findByText('Could not look it up')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});

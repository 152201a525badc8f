import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HealthLabel } from './HealthLabel';

describe('HealthLabel', () => {
  it('shows a verdict with its evidence, named for the playlist', () => {
    render(
      <HealthLabel
        playlistName="Night Drive"
        health={{
          label: 'bought',
          evidence: [
            '+4,120 followers on 3 Nov, 14 times its usual daily change',
            'lost 3,900 followers within a week after that rise',
          ],
          assessedOn: '2026-12-06',
        }}
      />,
    );
    expect(screen.getByText('Likely bought')).toBeInTheDocument();
    expect(screen.getByText('Health of Night Drive:')).toHaveClass('sr-only');
    const why = screen.getByRole('list', { name: 'Why Night Drive is Likely bought' });
    expect(why.querySelectorAll('li')).toHaveLength(2);
    expect(why).toHaveTextContent('lost 3,900 followers within a week after that rise');
  });

  it('keeps a Clean label short, with its evidence as the title', () => {
    render(
      <HealthLabel
        health={{
          label: 'clean',
          evidence: ['no unusual daily change in 89 days of follower counts'],
          assessedOn: '2026-12-06',
        }}
      />,
    );
    expect(screen.getByText('Clean')).toHaveAttribute(
      'title',
      'no unusual daily change in 89 days of follower counts',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says "Not enough history yet" for a new playlist or none assessed, never a verdict', () => {
    render(<HealthLabel health={undefined} />);
    expect(screen.getByText('Not enough history yet')).toBeInTheDocument();
    expect(screen.queryByText(/Suspicious|Likely bought|Clean/)).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Profiler, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';

function RemoveTrack({ onCommit }: { onCommit: () => void }) {
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState(false);
  return (
    <Profiler id="remove-track" onRender={onCommit}>
      <button type="button" onClick={() => setOpen(true)}>
        Remove
      </button>
      {removed && <p>Removed</p>}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Remove this track?"
        confirmLabel="Remove it"
        onConfirm={() => {
          setRemoved(true);
          setOpen(false);
        }}
      >
        It leaves the playlist on Spotify too.
      </ConfirmDialog>
    </Profiler>
  );
}

describe('ConfirmDialog', () => {
  it('mounts closed in one commit: nothing of it renders again inside the commit', () => {
    let commits = 0;
    render(<RemoveTrack onCommit={() => (commits += 1)} />);
    // Radix's closed portal updated its state in a layout effect, a second, synchronous render.
    expect(commits).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens, answers, and closes with the focus back on what opened it, as often as asked', async () => {
    render(<RemoveTrack onCommit={() => {}} />);
    const input = userEvent.setup();
    const remove = screen.getByRole('button', { name: 'Remove' });
    for (const leave of ['Cancel', 'Remove it'] as const) {
      await input.click(remove);
      // The first time, the dialog's code loads before it shows.
      const dialog = await screen.findByRole('dialog', { name: 'Remove this track?' });
      expect(dialog).toHaveTextContent('It leaves the playlist on Spotify too.');
      await input.click(screen.getByRole('button', { name: leave }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(remove).toHaveFocus();
    }
    expect(screen.getByText('Removed')).toBeInTheDocument();
  });
});

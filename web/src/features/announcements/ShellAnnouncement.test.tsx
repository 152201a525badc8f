import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInAuthState } from '../../test/fixtures';
import { renderScreen } from '../../test/renderScreen';
import { stubApi } from '../../test/stubApi';
import { ShellAnnouncement } from './ShellAnnouncement';

const ID = '5e0c8a4c-1a8e-4f7e-8a55-4e8a1f0c0a01';

describe('the announcement dialog', () => {
  it('shows the sanitised announcement once, and Dismiss remembers it on the server', async () => {
    const api = stubApi({
      'users/announcement': {
        body: {
          success: true,
          announcement: {
            id: ID,
            text: '<p>Discovery is <strong>live</strong>.</p><img src=x onerror="alert(1)">',
          },
        },
      },
      'users/announcement/dismiss': { body: { success: true, id: ID } },
    });
    renderScreen(<ShellAnnouncement />, { state: signedInAuthState() });
    const dialog = await screen.findByRole('dialog', { name: 'Announcement from Curator' });
    expect(dialog).toHaveTextContent('Discovery is live.');
    expect(dialog.querySelector('img')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('users/announcement/dismiss')[0]?.body).toEqual({ id: ID });
  });

  it('shows nothing without an announcement', async () => {
    const api = stubApi({
      'users/announcement': { body: { success: false, announcement: null } },
    });
    renderScreen(<ShellAnnouncement />, { state: signedInAuthState() });
    await vi.waitFor(() => expect(api.callsTo('users/announcement')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

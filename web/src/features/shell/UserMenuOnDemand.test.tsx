import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UserMenuOnDemand } from './UserMenuOnDemand';

const user = {
  name: 'Avery Stone',
  email: 'avery@example.test',
  userProfilePicture: null,
  images: [],
};

describe('UserMenuOnDemand', () => {
  it('is a plain button until pressed, then shows the menu open', async () => {
    const input = userEvent.setup();
    const onSignOut = vi.fn();
    render(<UserMenuOnDemand user={user} onSignOut={onSignOut} signingOut={false} />);
    const button = screen.getByRole('button', { name: 'Account menu for Avery Stone' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await input.click(button);
    expect(await screen.findByRole('menu')).toHaveTextContent('avery@example.test');
    await input.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('opens from the keyboard too', async () => {
    const input = userEvent.setup();
    render(<UserMenuOnDemand user={user} onSignOut={vi.fn()} signingOut={false} />);
    await input.tab();
    expect(screen.getByRole('button', { name: 'Account menu for Avery Stone' })).toHaveFocus();
    await input.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Sign Out' })).toBeInTheDocument();
  });
});

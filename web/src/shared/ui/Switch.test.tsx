import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Switch } from './Switch';

function Toggle({ disabled = false }: { disabled?: boolean }) {
  const [checked, setChecked] = useState(false);
  return (
    <Switch
      label="Show only duplicates"
      description="Hides every other track."
      checked={checked}
      disabled={disabled}
      onCheckedChange={setChecked}
    />
  );
}

describe('Switch', () => {
  it('toggles on a click on its label, as well as on the switch itself', async () => {
    render(<Toggle />);
    const input = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Show only duplicates' });
    await input.click(screen.getByText('Show only duplicates'));
    expect(toggle).toBeChecked();
    await input.click(toggle);
    expect(toggle).not.toBeChecked();
  });

  it('toggles with Space and Enter once focused, and is described by its description', async () => {
    render(<Toggle />);
    const input = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Show only duplicates' });
    expect(toggle).toHaveAccessibleDescription('Hides every other track.');
    await input.tab();
    expect(toggle).toHaveFocus();
    await input.keyboard(' ');
    expect(toggle).toBeChecked();
    await input.keyboard('{Enter}');
    expect(toggle).not.toBeChecked();
  });

  it('ignores clicks on its label while disabled', async () => {
    render(<Toggle disabled />);
    await userEvent.setup().click(screen.getByText('Show only duplicates'));
    expect(screen.getByRole('switch', { name: 'Show only duplicates' })).not.toBeChecked();
  });
});

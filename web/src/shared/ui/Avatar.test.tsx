import { fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

describe('Avatar', () => {
  it('is the picture itself in its first render, so a page rendered on the server has it', () => {
    const html = renderToString(<Avatar src="/pictures/ada.png" fallback="AL" />);
    expect(html).toContain('<img');
    expect(html).toContain('src="/pictures/ada.png"');
    expect(html).not.toContain('AL');
  });

  it('shows the initials when there is no picture, and when the picture cannot be loaded', () => {
    const { container, rerender } = render(<Avatar src="" fallback="AL" />);
    expect(screen.getByText('AL')).toBeInTheDocument();

    rerender(<Avatar src="/pictures/gone.png" fallback="AL" />);
    expect(screen.queryByText('AL')).toBeNull();
    fireEvent.error(container.querySelector('img')!);
    expect(screen.getByText('AL')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();

    // Another picture is tried again.
    rerender(<Avatar src="/pictures/new.png" fallback="AL" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/pictures/new.png');
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TagPicker } from './TagPicker';

function Picker({
  initial = [],
  onChange,
}: {
  initial?: string[];
  onChange?: (t: string[]) => void;
}) {
  const [tags, setTags] = useState<string[]>(initial);
  return (
    <TagPicker
      label="Genres and moods"
      tags={tags}
      onChange={(next) => {
        onChange?.(next);
        setTags(next);
      }}
    />
  );
}

describe('TagPicker', () => {
  it('searches the vocabulary by alias and picks with the keyboard', () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const box = screen.getByRole('combobox', { name: 'Genres and moods' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'lofi' } });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('Lo-fi');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(['lo-fi']);
    expect(screen.getByRole('button', { name: 'Remove Lo-fi' })).toBeInTheDocument();
    expect(screen.getByText('1 of 5')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'polka' } });
    expect(screen.getByRole('status')).toHaveTextContent('No genre or mood matches');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(box, { target: { value: '' } });
    // Backspace in the empty box takes the last chip off.
    fireEvent.keyDown(box, { key: 'Backspace' });
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('offers nothing more once five are chosen, and leaves chosen tags out of the list', () => {
    render(<Picker initial={['pop', 'rock', 'jazz', 'funk']} />);
    const box = screen.getByRole('combobox');
    fireEvent.focus(box);
    expect(screen.queryByRole('option', { name: /^Pop/ })).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('option', { name: /^Chill/ }));
    expect(screen.getByText('5 of 5')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('placeholder', 'At most 5');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Rock' }));
    expect(screen.getByText('4 of 5')).toBeInTheDocument();
  });
});

import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  musicTagOf,
  searchMusicTags,
  TAGS_PER_ITEM_MAX,
} from '../../../../common/domain/genres.js';
import { cn } from './cn';

/** A tag's label, or its id for one the vocabulary no longer has. */
export const musicTagLabel = (id: string) => musicTagOf(id)?.label ?? id;

/** Genres and moods as small chips, e.g. the genres matched on a Discovery card. */
export function MusicTagChips({
  tags,
  className,
}: {
  tags: readonly string[];
  className?: string;
}) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn('flex flex-wrap gap-1', className)}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-violet-800 ring-1 ring-violet-200"
        >
          {musicTagLabel(tag)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Picks up to TAGS_PER_ITEM_MAX genres and moods from the vocabulary (docs/genres.md): a
 * combobox that searches as one types (searchMusicTags), the chosen tags as removable chips.
 * Each pick or removal is handed to `onChange` with the whole new set, which saves it.
 * Keys: arrows move through the suggestions, Enter picks, Escape closes, Backspace in an
 * empty box removes the last chip.
 */
export function TagPicker({
  label,
  tags,
  onChange,
  busy = false,
  disabled = false,
  className,
}: {
  label: string;
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  busy?: boolean;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const full = tags.length >= TAGS_PER_ITEM_MAX;
  const suggestions = useMemo(
    () => searchMusicTags(query).filter((tag) => !tags.includes(tag.id)),
    [query, tags],
  );
  const shown = open && !full && !disabled;
  const listed = shown && suggestions.length > 0;
  const activeIndex = Math.min(active, suggestions.length - 1);

  const pick = (tagId: string) => {
    if (full || tags.includes(tagId)) return;
    onChange([...tags, tagId]);
    setQuery('');
    setActive(0);
    input.current?.focus();
  };
  const remove = (tagId: string) => {
    onChange(tags.filter((tag) => tag !== tagId));
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      const chosen = suggestions[activeIndex];
      if (listed && chosen) {
        event.preventDefault();
        pick(chosen.id);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && tags.length > 0) {
      remove(tags[tags.length - 1]!);
    }
  };

  return (
    <div className={cn('min-w-0', className)} data-busy={busy || undefined}>
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <span className="ml-2 text-xs text-slate-500" id={`${id}-count`}>
        {tags.length} of {TAGS_PER_ITEM_MAX}
      </span>
      <div className="relative mt-1">
        <div
          className={cn(
            'flex min-h-10 flex-wrap items-center gap-1 rounded-lg border border-slate-300 bg-white px-2 py-1 focus-within:border-violet-500 focus-within:ring-2 focus-within:ring-violet-200',
            disabled && 'bg-slate-50',
          )}
        >
          <ul aria-label={`${label} chosen`} className="contents">
            {tags.map((tag) => (
              <li
                key={tag}
                className="inline-flex items-center gap-1 rounded-full bg-violet-50 py-0.5 pr-1 pl-2 text-xs font-medium text-violet-800 ring-1 ring-violet-200"
              >
                {musicTagLabel(tag)}
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => remove(tag)}
                  aria-label={`Remove ${musicTagLabel(tag)}`}
                  className="rounded-full px-1 text-violet-700 hover:bg-violet-100 focus-visible:ring-2 focus-visible:ring-violet-400 focus-visible:outline-none"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={input}
            id={`${id}-input`}
            role="combobox"
            aria-expanded={listed}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-describedby={`${id}-count`}
            aria-activedescendant={
              listed && suggestions[activeIndex]
                ? `${id}-${suggestions[activeIndex].id}`
                : undefined
            }
            disabled={disabled}
            value={query}
            placeholder={full ? `At most ${TAGS_PER_ITEM_MAX}` : 'Search genres and moods'}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="min-w-32 flex-1 border-0 bg-transparent py-1 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none"
          />
        </div>
        {shown && suggestions.length === 0 && (
          <p
            role="status"
            className="absolute z-20 mt-1 w-full rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-500 shadow-lg"
          >
            No genre or mood matches
          </p>
        )}
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!listed}
          className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {suggestions.map((tag, index) => (
            <li
              key={tag.id}
              id={`${id}-${tag.id}`}
              role="option"
              aria-selected={index === activeIndex}
              // Picked on mouse down, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(tag.id);
              }}
              onMouseEnter={() => setActive(index)}
              className={cn(
                'flex cursor-pointer items-center justify-between px-3 py-2 text-sm text-slate-800',
                index === activeIndex && 'bg-violet-50',
              )}
            >
              {tag.label}
              <span className="text-xs text-slate-600">{tag.kind}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filtersFromParams, isFiltering, paramsFromFilters, partnersArg } from './discoveryFilters';

describe('Discovery filters', () => {
  it('read the URL, ignoring values that are not offered', () => {
    const filters = filtersFromParams(
      new URLSearchParams('q=blake&fit=50&followers=7&honoured=0.8'),
    );
    expect(filters).toEqual({
      query: 'blake',
      minFit: 50,
      minFollowers: null,
      minHonouredShare: 0.8,
      hideBought: false,
      genre: null,
    });
    expect(partnersArg(filters)).toEqual({
      limit: 20,
      query: 'blake',
      minFit: 50,
      minHonouredShare: 0.8,
    });
    expect(paramsFromFilters(filters).toString()).toBe('q=blake&fit=50&honoured=0.8');
  });

  it('keep "hide curators whose playlists look bought" as bought=hide', () => {
    const filters = filtersFromParams(new URLSearchParams('bought=hide'));
    expect(filters.hideBought).toBe(true);
    expect(isFiltering(filters)).toBe(true);
    expect(partnersArg(filters)).toEqual({ limit: 20, hideBought: true });
    expect(paramsFromFilters(filters).toString()).toBe('bought=hide');
    expect(filtersFromParams(new URLSearchParams('bought=yes')).hideBought).toBe(false);
  });

  it('keep one genre or mood of the vocabulary as genre=', () => {
    const filters = filtersFromParams(new URLSearchParams('genre=lo-fi'));
    expect(filters.genre).toBe('lo-fi');
    expect(partnersArg(filters)).toEqual({ limit: 20, genre: 'lo-fi' });
    expect(paramsFromFilters(filters).toString()).toBe('genre=lo-fi');
    expect(filtersFromParams(new URLSearchParams('genre=nonsense')).genre).toBeNull();
  });

  it('no filters ask for everyone', () => {
    const filters = filtersFromParams(new URLSearchParams(''));
    expect(isFiltering(filters)).toBe(false);
    expect(partnersArg({ ...filters, query: '  ' })).toEqual({ limit: 20 });
  });
});

import { DEFAULT_FILTERS, filtersFromParams, isFiltered, paramsFromFilters } from './directoryFilters';

describe('directory filters in the URL', () => {
  it('round-trips a search through the query string, leaving the defaults out', () => {
    const filters = { q: 'patel', areas: ['Nutrition' as const, 'Vision' as const], state: 'TX', city: 'Austin', sort: 'name' as const, page: 3, saved: true };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe('q=patel&areas=Nutrition&areas=Vision&state=TX&city=Austin&sort=name&saved=true&page=3');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('reads a hand-edited link without what the API would refuse', () => {
    const filters = filtersFromParams(new URLSearchParams('areas=Nutrition,Astrology&areas=Nutrition&state=ZZ&sort=email&page=-4&saved=yes'));
    expect(filters).toEqual({ ...DEFAULT_FILTERS, areas: ['Nutrition'] });
    expect(filtersFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams('page=9999')).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
  });

  it('says whether anything narrows the search', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'name', page: 2 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, city: ' Austin ' })).toBe(true);
  });
});

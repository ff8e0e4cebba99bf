import { chosenSort, DEFAULT_FILTERS, filtersFromParams, isFiltered, paramsFromFilters, sortOf } from './directoryFilters';

describe('directory filters in the URL', () => {
  it('round-trips a search through the query string, leaving the defaults out', () => {
    const filters = {
      ...DEFAULT_FILTERS,
      q: 'patel',
      areas: ['Nutrition' as const, 'Vision' as const],
      state: 'TX',
      city: 'Austin',
      sort: 'name' as const,
      page: 3,
      saved: true,
    };
    const params = paramsFromFilters(filters);
    expect(params.toString()).toBe('q=patel&areas=Nutrition&areas=Vision&state=TX&city=Austin&sort=name&saved=true&page=3');
    expect(filtersFromParams(params)).toEqual(filters);
    expect(paramsFromFilters(DEFAULT_FILTERS).toString()).toBe('');
  });

  it('keeps a place with its radius, nearest first by default there and best rated elsewhere', () => {
    const nearZip = { ...DEFAULT_FILTERS, near: '78704', radius: 10 as const };
    expect(paramsFromFilters(nearZip).toString()).toBe('near=78704&radius=10');
    expect(filtersFromParams(new URLSearchParams('near=78704&radius=10'))).toEqual(nearZip);
    expect(sortOf(nearZip)).toBe('distance');
    expect(sortOf(DEFAULT_FILTERS)).toBe('rating');
    // The default radius is written too, so a shared link keeps its meaning.
    expect(paramsFromFilters({ ...nearZip, radius: 25 }).toString()).toBe('near=78704&radius=25');

    const nearPosition = { ...DEFAULT_FILTERS, lat: 30.27, lng: -97.74 };
    expect(paramsFromFilters(nearPosition).toString()).toBe('lat=30.27&lng=-97.74&radius=25');
    expect(filtersFromParams(new URLSearchParams('lat=30.27&lng=-97.74&radius=25'))).toEqual(nearPosition);

    // A choice that is the place's default is kept as no choice, so the default follows the place.
    expect(chosenSort(nearZip, 'distance')).toBeUndefined();
    expect(chosenSort(nearZip, 'rating')).toBe('rating');
    expect(chosenSort(DEFAULT_FILTERS, 'rating')).toBeUndefined();
    expect(paramsFromFilters({ ...nearZip, sort: 'rating' }).toString()).toBe('near=78704&radius=10&sort=rating');
    expect(paramsFromFilters({ ...DEFAULT_FILTERS, sort: 'rating' }).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('near=78704&sort=distance')).sort).toBeUndefined();
  });

  it('reads a hand-edited link without what the API would refuse', () => {
    const filters = filtersFromParams(new URLSearchParams('areas=Nutrition,Astrology&areas=Nutrition&state=ZZ&sort=email&page=-4&saved=yes'));
    expect(filters).toEqual({ ...DEFAULT_FILTERS, areas: ['Nutrition'] });
    expect(filtersFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams('page=9999')).page).toBe(1);
    expect(filtersFromParams(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(100);
    // Nearest first without a place, a ZIP code that is not 5 digits, a position with more than 2 decimals or half of one, a radius not offered.
    expect(filtersFromParams(new URLSearchParams('sort=distance&near=7870&radius=30'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams('lat=30.271&lng=-97.74'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams('lat=30.27'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams('lat=91&lng=0'))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams('near=78704&radius=30')).radius).toBe(25);
    // Both a ZIP code and a position: the ZIP code.
    expect(paramsFromFilters(filtersFromParams(new URLSearchParams('near=78704&lat=30.27&lng=-97.74'))).toString()).toBe('near=78704&radius=25');
  });

  it('says whether anything narrows the search', () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, sort: 'name', page: 2, radius: 50 })).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, city: ' Austin ' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, near: '78704' })).toBe(true);
    expect(isFiltered({ ...DEFAULT_FILTERS, lat: 30.27, lng: -97.74 })).toBe(true);
  });
});

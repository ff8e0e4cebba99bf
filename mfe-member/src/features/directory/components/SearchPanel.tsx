import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { AREAS_OF_INTEREST, DIRECTORY_SORTS, US_STATE_CODES, type AreaOfInterest, type DirectoryResponse, type DirectorySort } from '@altmed/contracts/web';
import { Button, SelectField, TextField, theme, useIsMobile } from '@altmed/web-kit';
import { isFiltered, paramsFromFilters, DEFAULT_FILTERS, type DirectoryFilters } from '../lib/directoryFilters';
import { DirectoryTexts, SORT_LABELS } from '../lib/directoryTexts';

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  padding: ${theme.space(5)};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
`;

const SearchRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${theme.space(3)};
  align-items: end;
`;

const Places = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space(3)};
`;

const AreaSet = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  legend {
    font-size: 14px;
    font-weight: 600;
    margin-bottom: 8px;
  }
`;

const AreaChoices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

const AreaChoice = styled.label<{ $checked: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 36px;
  padding: 6px 12px;
  border-radius: ${theme.radii.pill};
  border: 1.5px solid ${(p) => (p.$checked ? theme.colors.primary : theme.colors.border)};
  background: ${(p) => (p.$checked ? theme.colors.primarySoft : theme.colors.surface)};
  color: ${theme.colors.text};
  font-size: 14px;
  cursor: pointer;
  input {
    accent-color: ${theme.colors.primary};
  }
  &:focus-within {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 1px;
  }
`;

const ChoiceCount = styled.span`
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

const Checkbox = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  font-size: 15px;
  input {
    width: 18px;
    height: 18px;
    accent-color: ${theme.colors.primary};
  }
`;

const MoreFilters = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  &[hidden] {
    display: none;
  }
`;

const Footer = styled.div`
  display: flex;
  justify-content: flex-end;
`;

export interface SearchPanelProps {
  filters: DirectoryFilters;
  /** A new search: always from its first page. */
  onChange: (filters: DirectoryFilters) => void;
  /** A member can narrow the search to the providers they saved. */
  canFilterSaved: boolean;
  /** How many providers each area and state holds, from the results' answer (none while it loads). */
  counts?: Pick<DirectoryResponse, 'areaCounts' | 'stateCounts'>;
}

/**
 * The directory's search: typed text and city apply on Search (or Enter), choices at once. The panel
 * shows its own copy of the search, so a choice shows at once, before the URL (which the results
 * follow) has changed; when the URL changes by itself (Back, Clear filters, a shared link) the copy
 * follows it.
 */
export function SearchPanel({ filters, onChange, canFilterSaved, counts }: SearchPanelProps) {
  const inUrl = paramsFromFilters(filters).toString();
  const areaCount = new Map(counts?.areaCounts.map(({ area, count }) => [area, count]));
  const stateCount = new Map(counts?.stateCounts.map(({ state, count }) => [state, count]));
  const [draft, setDraft] = useState(filters);
  const [draftOf, setDraftOf] = useState(inUrl);
  if (draftOf !== inUrl) {
    setDraftOf(inUrl);
    setDraft(filters);
  }
  const apply = (change: Partial<DirectoryFilters>) => {
    const next = { ...draft, ...change, page: 1 };
    setDraft(next);
    onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({});
  };
  const isMobile = useIsMobile();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const chosen = filters.areas.length + (filters.state ? 1 : 0) + (filters.city ? 1 : 0) + (filters.saved ? 1 : 0);
  const type = (change: Partial<DirectoryFilters>) => setDraft({ ...draft, ...change });
  const toggleArea = (area: AreaOfInterest) =>
    apply({ areas: draft.areas.includes(area) ? draft.areas.filter((other) => other !== area) : [...draft.areas, area] });

  return (
    <Panel role="search" aria-label={DirectoryTexts.filters} onSubmit={submit}>
      <SearchRow>
        <TextField
          label={DirectoryTexts.searchLabel}
          type="search"
          name="q"
          value={draft.q}
          maxLength={100}
          placeholder={DirectoryTexts.searchPlaceholder}
          onChange={(event) => type({ q: event.target.value })}
        />
        <Button type="submit">{DirectoryTexts.search}</Button>
      </SearchRow>
      {isMobile ? (
        <Button type="button" variant="outline" aria-expanded={filtersOpen} aria-controls="directory-filters" onClick={() => setFiltersOpen((open) => !open)}>
          {filtersOpen ? DirectoryTexts.hideFilters : DirectoryTexts.showFilters(chosen)}
        </Button>
      ) : null}
      <MoreFilters id="directory-filters" hidden={isMobile && !filtersOpen}>
        <AreaSet>
          <legend>{DirectoryTexts.areas}</legend>
          <AreaChoices>
            {AREAS_OF_INTEREST.map((area) => {
              const checked = draft.areas.includes(area);
              return (
                <AreaChoice key={area} $checked={checked}>
                  <input type="checkbox" checked={checked} onChange={() => toggleArea(area)} />
                  {area}
                  {counts ? <ChoiceCount>{DirectoryTexts.choiceCount(areaCount.get(area) ?? 0)}</ChoiceCount> : null}
                </AreaChoice>
              );
            })}
          </AreaChoices>
        </AreaSet>
        <Places>
          <SelectField label={DirectoryTexts.state} value={draft.state} onChange={(event) => apply({ state: event.target.value })}>
            <option value="">{DirectoryTexts.anyState}</option>
            {US_STATE_CODES.map((code) => (
              <option key={code} value={code}>
                {counts ? `${code} ${DirectoryTexts.choiceCount(stateCount.get(code) ?? 0)}` : code}
              </option>
            ))}
          </SelectField>
          <TextField label={DirectoryTexts.city} name="city" value={draft.city} maxLength={100} onChange={(event) => type({ city: event.target.value })} />
        </Places>
        <SelectField label={DirectoryTexts.sortBy} value={draft.sort} onChange={(event) => apply({ sort: event.target.value as DirectorySort })}>
          {DIRECTORY_SORTS.filter((sort) => sort !== 'distance').map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </SelectField>
        {canFilterSaved ? (
          <Checkbox>
            <input type="checkbox" checked={draft.saved} onChange={(event) => apply({ saved: event.target.checked })} />
            {DirectoryTexts.savedOnly}
          </Checkbox>
        ) : null}
      </MoreFilters>
      {isFiltered(filters) ? (
        <Footer>
          <Button type="button" variant="ghost" onClick={() => onChange({ ...DEFAULT_FILTERS, sort: filters.sort })}>
            {DirectoryTexts.clear}
          </Button>
        </Footer>
      ) : null}
    </Panel>
  );
}

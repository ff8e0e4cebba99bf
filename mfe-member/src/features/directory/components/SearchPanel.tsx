import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  AREAS_OF_INTEREST,
  DIRECTORY_RADII_MILES,
  DIRECTORY_SORTS,
  PlaceMessages,
  US_STATE_CODES,
  type AreaOfInterest,
  type DirectoryRadius,
  type DirectoryResponse,
  type DirectorySort,
} from '@altmed/contracts/web';
import { Button, SelectField, TextField, theme, useIsMobile } from '@altmed/web-kit';
import { PinIcon } from '../../../components/PinIcon';
import { isZipCode } from '../../../lib/searchPlace';
import { useCurrentPosition } from '../hooks/useCurrentPosition';
import { chosenSort, isFiltered, isNearPosition, paramsFromFilters, sortOf, DEFAULT_FILTERS, type DirectoryFilters } from '../lib/directoryFilters';
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

const PlaceSet = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  border: 0;
  padding: 0;
  margin: 0;
  legend {
    font-size: 14px;
    font-weight: 600;
    margin-bottom: 8px;
  }
`;

const PlaceRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 130px;
  gap: ${theme.space(3)};
  align-items: start;
`;

/** Stands where the ZIP field was while the search is near the member's position. */
const YourLocation = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  font-size: 14px;
  > span:first-child {
    font-weight: 600;
  }
`;

const Here = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 10px 14px;
  border-radius: ${theme.radii.md};
  border: 1.5px solid ${theme.colors.primary};
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primaryDark};
  font-size: 15px;
  font-weight: 600;
  svg {
    width: 16px;
    height: 16px;
    flex: none;
  }
`;

const TextButton = styled.button`
  align-self: flex-start;
  padding: 2px 0;
  border: 0;
  background: none;
  color: ${theme.colors.primary};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const LocateRow = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 6px;
  svg {
    width: 16px;
    height: 16px;
  }
`;

/** Always there, empty or not, so screen readers hear what it comes to say. */
const LocationNote = styled.p`
  font-size: 13px;
  color: ${theme.colors.textMuted};
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
  /** The API's word on the place searched near (a ZIP code it does not know), shown beside the field. */
  placeError?: string;
}

/**
 * The directory's search: typed text, city and ZIP code apply on Search (or Enter), choices at once.
 * The panel shows its own copy of the search, so a choice shows at once, before the URL (which the
 * results follow) has changed; when the URL changes by itself (Back, Clear filters, a shared link)
 * the copy follows it. A ZIP code that is not 5 digits is caught here, before anything is sent.
 */
export function SearchPanel({ filters, onChange, canFilterSaved, counts, placeError }: SearchPanelProps) {
  const inUrl = paramsFromFilters(filters).toString();
  const areaCount = new Map(counts?.areaCounts.map(({ area, count }) => [area, count]));
  const stateCount = new Map(counts?.stateCounts.map(({ state, count }) => [state, count]));
  const [draft, setDraft] = useState(filters);
  const [draftOf, setDraftOf] = useState(inUrl);
  const [zipError, setZipError] = useState<string | undefined>();
  if (draftOf !== inUrl) {
    setDraftOf(inUrl);
    setDraft(filters);
    setZipError(undefined);
  }
  const apply = (change: Partial<DirectoryFilters>) => {
    const next = { ...draft, ...change, page: 1 };
    setDraft(next);
    if (next.near && !isZipCode(next.near)) return setZipError(PlaceMessages.zipInvalid);
    setZipError(undefined);
    if (paramsFromFilters(next).toString() !== inUrl) onChange(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({});
  };
  const isMobile = useIsMobile();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const chosen = filters.areas.length + (filters.state ? 1 : 0) + (filters.city ? 1 : 0) + (filters.saved ? 1 : 0);
  const type = (change: Partial<DirectoryFilters>) => setDraft({ ...draft, ...change });
  const location = useCurrentPosition((position) => apply({ near: '', ...position }));
  const nearPosition = isNearPosition(draft);
  const zipId = useId();
  // Back from the position to a ZIP code: the ZIP field takes the focus once it is there again.
  const focusZipNext = useRef(false);
  useEffect(() => {
    if (nearPosition || !focusZipNext.current) return;
    focusZipNext.current = false;
    document.getElementById(zipId)?.focus();
  }, [nearPosition, zipId]);
  const backToZip = () => {
    location.reset();
    focusZipNext.current = true;
    apply({ lat: undefined, lng: undefined });
  };
  // Nearest first is offered, and the default, near a place the results are for (not one typed but not sent yet).
  const defaultSort = sortOf({ ...filters, sort: undefined });
  // The API's refusal belongs to the place it was sent, not to one typed since.
  const refused = paramsFromFilters(draft).toString() === inUrl ? placeError : undefined;
  const locationNote = nearPosition && refused ? refused : DirectoryTexts.locationStatus[location.status];
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
      <PlaceSet>
        <legend>{DirectoryTexts.near}</legend>
        <PlaceRow>
          {nearPosition ? (
            <YourLocation>
              <span>{DirectoryTexts.searchingNear}</span>
              <Here>
                <PinIcon />
                {DirectoryTexts.nearYourLocation}
              </Here>
              <TextButton type="button" onClick={backToZip}>
                {DirectoryTexts.useZipInstead}
              </TextButton>
            </YourLocation>
          ) : (
            <TextField
              id={zipId}
              label={DirectoryTexts.zip}
              name="near"
              value={draft.near}
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              placeholder={DirectoryTexts.zipPlaceholder}
              error={zipError ?? refused}
              onChange={(event) => type({ near: event.target.value.replace(/\D/g, '') })}
            />
          )}
          <SelectField
            label={DirectoryTexts.radius}
            value={draft.radius}
            onChange={(event) => apply({ radius: Number(event.target.value) as DirectoryRadius })}
          >
            {DIRECTORY_RADII_MILES.map((miles) => (
              <option key={miles} value={miles}>
                {DirectoryTexts.radiusOption(miles)}
              </option>
            ))}
          </SelectField>
        </PlaceRow>
        <LocateRow>
          {/* Not disabled while the browser looks: the button keeps the keyboard's focus, and a second press does nothing. */}
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-disabled={location.status === 'locating'}
            onClick={() => (location.status === 'locating' ? undefined : location.locate())}
          >
            <PinIcon />
            {DirectoryTexts.useMyLocation}
          </Button>
          <LocationNote role="status" aria-live="polite">
            {locationNote}
          </LocationNote>
        </LocateRow>
      </PlaceSet>
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
        <SelectField
          label={DirectoryTexts.sortBy}
          value={draft.sort ?? defaultSort}
          onChange={(event) => apply({ sort: chosenSort(draft, event.target.value as DirectorySort) })}
        >
          {DIRECTORY_SORTS.filter((sort) => sort !== 'distance' || defaultSort === 'distance').map((sort) => (
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

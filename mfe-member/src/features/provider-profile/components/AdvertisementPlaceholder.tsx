import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { ProfileTexts } from '../lib/profileTexts';

/** Held at a medium rectangle's height (300 × 250) so a real advertisement will not move the page. */
const Slot = styled.aside`
  min-height: 250px;
  display: grid;
  place-items: center;
  border: 1.5px dashed ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textMuted};
  font-size: 14px;
  letter-spacing: 0.08em;
  text-transform: uppercase;
`;

/** Where an advertisement will go (SPEC §2). */
export function AdvertisementPlaceholder() {
  return <Slot aria-label={ProfileTexts.advertisement}>{ProfileTexts.advertisement}</Slot>;
}

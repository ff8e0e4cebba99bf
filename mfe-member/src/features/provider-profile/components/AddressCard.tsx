import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { ProfileTexts } from '../lib/profileTexts';

const Card = styled.div`
  height: 100%;
  display: grid;
  grid-template-columns: auto 1fr;
  align-content: center;
  gap: 4px 14px;
  padding: 20px;
  border-radius: ${theme.radii.md};
  background: linear-gradient(150deg, ${theme.colors.primarySoft}, ${theme.colors.surfaceMuted});
  svg {
    grid-row: span 2;
    width: 36px;
    height: 36px;
    color: ${theme.colors.primary};
  }
  address {
    font-style: normal;
    overflow-wrap: anywhere;
  }
`;

const Note = styled.span`
  color: ${theme.colors.textMuted};
  font-size: 14px;
`;

function PinIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/** Stands in for the map (no coordinates, or the tiles did not load): the address as text. */
export function AddressCard({ address }: { address: string }) {
  return (
    <Card>
      <PinIcon />
      <Note>{ProfileTexts.mapUnavailable}</Note>
      <address>{address || ProfileTexts.addressUnavailable}</address>
    </Card>
  );
}

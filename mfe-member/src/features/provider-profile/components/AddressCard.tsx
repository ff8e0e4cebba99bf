import styled from 'styled-components';
import { theme } from '@altmed/web-kit';
import { PinIcon } from '../../../components/PinIcon';
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

import { lazy, Suspense, useCallback, useState } from 'react';
import styled from 'styled-components';
import { Spinner, theme } from '@altmed/web-kit';
import type { PublicProvider } from '../api/providerProfile';
import { ProfileTexts } from '../lib/profileTexts';
import { directionsUrl, mapPosition, providerAddress } from '../lib/providerDetails';
import { MapBoundary } from '../../../components/MapBoundary';
import { AddressCard } from './AddressCard';
import { ProfileSection } from './ProfileSection';

const ProviderMap = lazy(() => import('./ProviderMap'));

/**
 * The map's place, the same height whatever fills it, so nothing moves when the map or the card
 * arrives. Its own stacking context keeps Leaflet's panes (z-index up to 1000) under the site's header.
 */
const MapSlot = styled.div`
  isolation: isolate;
  height: 240px;
  border-radius: ${theme.radii.md};
  overflow: hidden;
  background: ${theme.colors.surfaceMuted};
  ${theme.mobile} {
    height: 200px;
  }
`;

const Address = styled.address`
  margin-top: 12px;
  font-style: normal;
  overflow-wrap: anywhere;
`;

const Directions = styled.a`
  display: inline-block;
  margin-top: 12px;
  color: ${theme.colors.primary};
  font-weight: 600;
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** Where the practice is: a map when the record has coordinates and the tiles load, else the address card; and directions. */
export function LocationSection({ provider }: { provider: PublicProvider }) {
  const address = providerAddress(provider);
  const position = mapPosition(provider);
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const addressCard = <AddressCard address={address} />;
  const showMap = position !== null && !tilesFailed;

  return (
    <ProfileSection title="Location">
      <MapSlot>
        {showMap ? (
          <MapBoundary fallback={addressCard}>
            <Suspense fallback={<Spinner label={ProfileTexts.mapLoading} size={28} />}>
              <ProviderMap position={position} onTilesFailed={onTilesFailed} />
            </Suspense>
          </MapBoundary>
        ) : (
          addressCard
        )}
      </MapSlot>
      {showMap && address ? <Address>{address}</Address> : null}
      {address ? (
        <Directions href={directionsUrl(address)} target="_blank" rel="noreferrer">
          {ProfileTexts.getDirections}
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Directions>
      ) : null}
    </ProfileSection>
  );
}

import { useMemo } from 'react';
import { CircleMarker, MapContainer } from 'react-leaflet';
import { theme } from '@altmed/web-kit';
import { OpenStreetMapTiles } from '../../../components/OpenStreetMapTiles';
import type { MapPosition } from '../lib/providerDetails';

const ZOOM = 15;

export interface ProviderMapProps {
  position: MapPosition;
  /** Called once a tile fails to load, so the page can show the address instead. */
  onTilesFailed: () => void;
}

/** OpenStreetMap around the practice (Leaflet). Loaded on its own (React.lazy), with Leaflet's script and styles, only when a map is shown. */
export default function ProviderMap({ position, onTilesFailed }: ProviderMapProps) {
  const center = useMemo<[number, number]>(() => [position.latitude, position.longitude], [position.latitude, position.longitude]);
  return (
    <MapContainer center={center} zoom={ZOOM} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
      <OpenStreetMapTiles onTilesFailed={onTilesFailed} />
      <CircleMarker
        center={center}
        radius={10}
        pathOptions={{ color: theme.colors.primary, weight: 3, fillColor: theme.colors.accentBright, fillOpacity: 0.9 }}
      />
    </MapContainer>
  );
}

import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import { theme } from '@altmed/web-kit';
import type { MapPosition } from '../lib/providerDetails';

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
const ZOOM = 15;

export interface ProviderMapProps {
  position: MapPosition;
  /** Called once a tile fails to load, so the page can show the address instead. */
  onTilesFailed: () => void;
}

/**
 * OpenStreetMap around the practice (Leaflet). Loaded on its own (React.lazy), with Leaflet's
 * script and styles, only when a map is shown. The gateway's CSP lets the tiles in as images
 * (CSP_MAP_TILE_ORIGINS).
 */
export default function ProviderMap({ position, onTilesFailed }: ProviderMapProps) {
  const center = useMemo<[number, number]>(() => [position.latitude, position.longitude], [position.latitude, position.longitude]);
  const tileEvents = useMemo(() => ({ tileerror: onTilesFailed }), [onTilesFailed]);
  return (
    <MapContainer center={center} zoom={ZOOM} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
      {/* The site sends no Referer by default; OpenStreetMap's tile policy asks for one, and the origin is enough. */}
      <TileLayer url={TILE_URL} attribution={ATTRIBUTION} referrerPolicy="strict-origin-when-cross-origin" eventHandlers={tileEvents} />
      <CircleMarker
        center={center}
        radius={10}
        pathOptions={{ color: theme.colors.primary, weight: 3, fillColor: theme.colors.accentBright, fillOpacity: 0.9 }}
      />
    </MapContainer>
  );
}

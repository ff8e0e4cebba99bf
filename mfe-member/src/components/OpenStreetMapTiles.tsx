import 'leaflet/dist/leaflet.css';
import { useMemo } from 'react';
import { TileLayer } from 'react-leaflet';

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * OpenStreetMap's tiles, and Leaflet's styles, for the site's maps (only ever in a chunk loaded when
 * a map is shown). The gateway's CSP lets the tiles in as images (CSP_MAP_TILE_ORIGINS).
 */
export function OpenStreetMapTiles({ onTilesFailed }: { onTilesFailed: () => void }) {
  const tileEvents = useMemo(() => ({ tileerror: onTilesFailed }), [onTilesFailed]);
  // The site sends no Referer by default; OpenStreetMap's tile policy asks for one, and the origin is enough.
  return <TileLayer url={TILE_URL} attribution={ATTRIBUTION} referrerPolicy="strict-origin-when-cross-origin" eventHandlers={tileEvents} />;
}

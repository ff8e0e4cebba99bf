import { divIcon, latLngBounds } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import type { DirectoryProvider } from '@altmed/contracts/web';
import { OpenStreetMapTiles } from '../../../components/OpenStreetMapTiles';
import { profilePath, shortMiles, type SearchPlace } from '../../../lib/searchPlace';
import { DirectoryTexts } from '../lib/directoryTexts';

/** Closest the map zooms in to fit the markers (one marker alone would otherwise fill the map at street level). */
const MAX_FIT_ZOOM = 13;

/** The providers at one point (several practise in the same ZIP code), in the list's order. */
interface MapSpot {
  key: string;
  position: [number, number];
  providers: DirectoryProvider[];
}

function spotsOf(providers: readonly DirectoryProvider[]): MapSpot[] {
  const spots = new Map<string, MapSpot>();
  for (const provider of providers) {
    if (!provider.point) continue;
    const key = `${provider.point.latitude},${provider.point.longitude}`;
    const spot = spots.get(key) ?? { key, position: [provider.point.latitude, provider.point.longitude], providers: [] };
    spot.providers.push(provider);
    spots.set(key, spot);
  }
  return [...spots.values()];
}

/** Frames every marker whenever the page's markers change (another page, another search). */
function FitToSpots({ spots }: { spots: MapSpot[] }) {
  const map = useMap();
  useEffect(() => {
    if (spots.length > 0) map.fitBounds(latLngBounds(spots.map((spot) => spot.position)), { padding: [32, 32], maxZoom: MAX_FIT_ZOOM });
  }, [map, spots]);
  return null;
}

/** A round marker: the number of providers there, its name (a button's, for screen readers and the tooltip) the names. */
function spotIcon(spot: MapSpot) {
  const count = spot.providers.length;
  return divIcon({
    className: 'results-map-marker',
    html: `<span aria-hidden="true">${count > 1 ? count : ''}</span>`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });
}

export interface ResultsMapProps {
  providers: readonly DirectoryProvider[];
  place: SearchPlace;
  /** Called once a tile fails to load: the markers stay, and the page says why there is no map behind them. */
  onTilesFailed: () => void;
}

/**
 * The page's providers on OpenStreetMap (Leaflet), one marker per practice ZIP code; a marker opens
 * the profiles of the providers there, as their cards do. Loaded on its own (React.lazy) only when
 * the member asks for the map.
 */
export default function ResultsMap({ providers, place, onTilesFailed }: ResultsMapProps) {
  const spots = useMemo(() => spotsOf(providers), [providers]);
  const first = spots[0]?.position ?? [39.5, -98.35];
  return (
    <MapContainer center={first} zoom={MAX_FIT_ZOOM} scrollWheelZoom={false} style={{ height: '100%', width: '100%' }}>
      <OpenStreetMapTiles onTilesFailed={onTilesFailed} />
      <FitToSpots spots={spots} />
      {spots.map((spot) => (
        <Marker
          key={spot.key}
          position={spot.position}
          icon={spotIcon(spot)}
          title={DirectoryTexts.mapSpot(spot.providers.map((provider) => provider.providerName))}
        >
          <Popup>
            <ul className="results-map-popup">
              {spot.providers.map((provider) => (
                <li key={provider._id}>
                  <Link to={profilePath(provider._id, place)}>{provider.providerName}</Link>
                  <span>
                    {provider.practiceName} · {provider.city}, {provider.state}
                    {provider.distanceMiles === undefined ? null : ` · ${shortMiles(provider.distanceMiles)}`}
                  </span>
                </li>
              ))}
            </ul>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}

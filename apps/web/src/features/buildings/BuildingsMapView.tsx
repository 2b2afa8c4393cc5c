import { useEffect } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { MAP_DEFAULT_CENTER, type Building } from '@consorcio/domain';

// Leaflet finds its marker images by a CSS path that Vite's bundling breaks: give them explicitly.
const markerIconDef = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

const DEFAULT_CENTER: [number, number] = [MAP_DEFAULT_CENTER.latitude, MAP_DEFAULT_CENTER.longitude];
/** Close enough to see the streets around a single building. */
const SINGLE_ZOOM = 15;

const located = (b: Building): b is Building & { latitude: number; longitude: number } => b.latitude !== null && b.longitude !== null;

/**
 * Frames the buildings that have coordinates: none, the default view of spec §9; one, centred on
 * it; several, all of them. Buildings without coordinates never move the view.
 */
function FrameLocated({ points }: { points: [number, number][] }) {
  const map = useMap();
  const key = JSON.stringify(points);
  useEffect(() => {
    if (points.length === 0) map.setView(DEFAULT_CENTER, MAP_DEFAULT_CENTER.zoom);
    else if (points.length === 1) map.setView(points[0]!, SINGLE_ZOOM);
    else map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: SINGLE_ZOOM });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** Leaflet's part of BuildingsMap, loaded on demand. */
export default function BuildingsMapView({ buildings, tileUrl }: { buildings: Building[]; tileUrl: string }) {
  const points = buildings.filter(located).map((b): [number, number] => [b.latitude, b.longitude]);
  return (
    <MapContainer center={DEFAULT_CENTER} zoom={MAP_DEFAULT_CENTER.zoom} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false}>
      {/* Without tiles (offline, blocked) the markers still show on the plain background. */}
      <TileLayer url={tileUrl} attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>' />
      <FrameLocated points={points} />
      {buildings.map((b) => (
        <Marker
          key={b.id}
          position={located(b) ? [b.latitude, b.longitude] : DEFAULT_CENTER}
          icon={markerIconDef}
          title={b.name}
          alt={b.name}
        >
          <Popup>
            <strong>{b.name}</strong>
            <br />
            {b.address}
            {!located(b) && (
              <>
                <br />
                <em>Sin coordenadas: se muestra en el centro del mapa</em>
              </>
            )}
            <br />
            <Link component={RouterLink} to={`/buildingDetail/${b.id}`}>
              Detalle
            </Link>
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}

import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { CircleMarker, MapContainer, TileLayer, Tooltip } from 'react-leaflet';

export interface MapPoint {
  latitude: number;
  longitude: number;
  /** What the point is: 'Visit location', "Student's home". */
  label: string;
  /** A CSS colour for the marker. */
  color: string;
  /** A larger open ring instead of a dot, so a dot on the same spot stays visible inside it. */
  ring?: boolean;
}

/** With one point the map shows its street; with two it fits both. */
const SINGLE_POINT_ZOOM = 16;
const MAX_FIT_ZOOM = 18;

/**
 * A small map of the visit's points (loaded only on pages that show one, with Leaflet's own styles):
 * the organisation's tiles (MAP_TILE_URL) and a circle per point, never Leaflet's default marker images.
 * The page shows the legend; each circle also names itself on hover. Points are drawn in order (a ring
 * first, so a dot on the same spot is drawn inside it).
 */
export default function VisitMap({
  tiles,
  points,
  height = 280,
}: {
  tiles: { url: string; attribution: string };
  points: MapPoint[];
  height?: number;
}) {
  if (points.length === 0) return null;
  const positions = points.map((p) => [p.latitude, p.longitude] as [number, number]);
  const view =
    points.length === 1
      ? { center: positions[0], zoom: SINGLE_POINT_ZOOM }
      : {
          bounds: latLngBounds(positions),
          boundsOptions: { padding: [32, 32] as [number, number], maxZoom: MAX_FIT_ZOOM },
        };
  return (
    <MapContainer
      {...view}
      scrollWheelZoom={false}
      style={{ height, width: '100%', borderRadius: 'var(--mantine-radius-md)', zIndex: 0 }}
    >
      <TileLayer url={tiles.url} attribution={tiles.attribution} />
      {points.map((p) => (
        <CircleMarker
          key={p.label}
          center={[p.latitude, p.longitude]}
          radius={p.ring ? 14 : 8}
          pathOptions={
            p.ring
              ? { color: p.color, weight: 4, fillColor: p.color, fillOpacity: 0.15 }
              : { color: '#ffffff', weight: 2, fillColor: p.color, fillOpacity: 1 }
          }
        >
          <Tooltip>{p.label}</Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}

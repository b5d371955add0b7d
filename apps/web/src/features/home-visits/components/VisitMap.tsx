import '../../../app/mantine-styles.ts';
import 'leaflet/dist/leaflet.css';
import { circleMarker, latLngBounds, map as leafletMap, tileLayer } from 'leaflet';
import { useEffect, useRef } from 'react';

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
  const container = useRef<HTMLDivElement>(null);
  // The points by value: a parent's new array with the same points does not rebuild the map.
  const pointsKey = JSON.stringify(points);
  // Leaflet itself (BSD-2-Clause) draws into the element; the map lives as long as the element does.
  useEffect(() => {
    const element = container.current;
    const points = JSON.parse(pointsKey) as MapPoint[];
    if (!element || points.length === 0) return;
    const m = leafletMap(element, { scrollWheelZoom: false });
    tileLayer(tiles.url, { attribution: tiles.attribution }).addTo(m);
    for (const p of points) {
      circleMarker(
        [p.latitude, p.longitude],
        p.ring
          ? { radius: 14, color: p.color, weight: 4, fillColor: p.color, fillOpacity: 0.15 }
          : { radius: 8, color: '#ffffff', weight: 2, fillColor: p.color, fillOpacity: 1 },
      )
        .bindTooltip(p.label)
        .addTo(m);
    }
    const positions = points.map((p) => [p.latitude, p.longitude] as [number, number]);
    if (positions.length === 1) m.setView(positions[0], SINGLE_POINT_ZOOM);
    else m.fitBounds(latLngBounds(positions), { padding: [32, 32], maxZoom: MAX_FIT_ZOOM });
    return () => {
      m.remove();
    };
  }, [tiles.url, tiles.attribution, pointsKey]);

  if (points.length === 0) return null;
  return (
    <div
      ref={container}
      style={{ height, width: '100%', borderRadius: 'var(--mantine-radius-md)', zIndex: 0 }}
    />
  );
}

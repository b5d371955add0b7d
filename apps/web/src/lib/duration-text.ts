/** An activity's length as people say it: '2 hours', '1 hour 30 min', '45 min'. */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = h ? `${h} ${h === 1 ? 'hour' : 'hours'}` : '';
  const mins = m ? `${m} min` : '';
  return [hours, mins].filter(Boolean).join(' ') || '0 min';
}

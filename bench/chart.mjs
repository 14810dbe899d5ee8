// A small horizontal bar chart (SVG) of throughput relative to the floor.
export function chart(rows) {
  const width = 720;
  const barH = 22;
  const left = 200;
  const max = Math.max(1.2, ...rows.map((r) => r.rpsRatio));
  const scale = (width - left - 60) / max;
  const esc = (s) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const bars = rows
    .map((r, i) => {
      const y = 30 + i * (barH + 8);
      const w = Math.max(1, r.rpsRatio * scale);
      const colour = r.kind === 'floor' ? '#64748b' : !r.goal ? '#2563eb' : r.meets ? '#15803d' : '#b91c1c';
      return `<text x="${left - 8}" y="${y + 15}" text-anchor="end" font-size="12">${esc(r.name)}</text><rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${colour}"/><text x="${left + w + 6}" y="${y + 15}" font-size="12">${r.rpsRatio.toFixed(2)}× (${r.rps.toFixed(0)} req/s)</text>`;
    })
    .join('');
  const height = 40 + rows.length * (barH + 8);
  const goalX = left + 0.8 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif"><text x="${left}" y="18" font-size="13">Throughput relative to the framework floor</text>${bars}<line x1="${goalX}" x2="${goalX}" y1="24" y2="${height - 6}" stroke="#0f172a" stroke-dasharray="4 3"/><text x="${goalX + 3}" y="${height - 8}" font-size="10">0.8×</text></svg>`;
}

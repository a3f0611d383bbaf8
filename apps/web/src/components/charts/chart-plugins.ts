import type uPlot from 'uplot';
import type { TimeMarker } from './chart-data';
import type { ChartTheme } from './chart-theme';
import classes from './charts.module.css';

/** The colour of a marker: maintenance blue, alerts their level's colour. */
export function markerColor(marker: Pick<TimeMarker, 'kind' | 'level'>, theme: ChartTheme): string {
  if (marker.kind === 'maintenance') return theme.status.maintenance;
  return marker.level === 'warning' ? theme.level.warning : theme.level.critical;
}

/**
 * Draws the alerts and maintenance jobs on the time axis: a job as a light blue stretch over the plot, an
 * alert as a vertical line from its start (with a light stretch while it lasted), each with a small
 * triangle on the top edge so short ones stay visible.
 */
export function drawMarkers(u: uPlot, markers: readonly TimeMarker[], theme: ChartTheme): void {
  const { ctx, bbox } = u;
  const ratio = window.devicePixelRatio || 1;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  for (const marker of markers) {
    const color = markerColor(marker, theme);
    const x0 = u.valToPos(marker.from, 'x', true);
    const x1 = marker.to == null ? x0 : u.valToPos(marker.to, 'x', true);
    if (x1 > x0 + 1) {
      ctx.globalAlpha = marker.kind === 'maintenance' ? 0.16 : 0.1;
      ctx.fillStyle = color;
      ctx.fillRect(x0, bbox.top, x1 - x0, bbox.height);
    }
    ctx.globalAlpha = 0.9;
    ctx.strokeStyle = color;
    ctx.lineWidth = ratio;
    ctx.beginPath();
    ctx.moveTo(x0, bbox.top);
    ctx.lineTo(x0, bbox.top + bbox.height);
    ctx.stroke();
    const size = 5 * ratio;
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.moveTo(x0 - size, bbox.top);
    ctx.lineTo(x0 + size, bbox.top);
    ctx.lineTo(x0, bbox.top + size * 1.4);
    ctx.fill();
  }
  ctx.restore();
}

/** Draws dashed horizontal lines at values of the `y` scale (the thresholds), each in its colour. */
export function drawHorizontalLines(u: uPlot, lines: readonly { value: number; color: string }[]): void {
  const { ctx, bbox } = u;
  const ratio = window.devicePixelRatio || 1;
  ctx.save();
  ctx.lineWidth = 1.5 * ratio;
  ctx.setLineDash([6 * ratio, 4 * ratio]);
  for (const line of lines) {
    const y = Math.round(u.valToPos(line.value, 'y', true));
    if (y < bbox.top || y > bbox.top + bbox.height) continue;
    ctx.strokeStyle = line.color;
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * A tooltip that follows the cursor inside the plot. `text` gives its lines for the cursor's position
 * (plain text, so names from the database are never read as HTML), or null to hide it.
 */
export function tooltipPlugin(text: (u: uPlot) => string | null): uPlot.Plugin {
  let tip: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = classes.tooltip ?? '';
        tip.style.display = 'none';
        tip.setAttribute('role', 'tooltip');
        u.over.appendChild(tip);
        u.over.addEventListener('mouseleave', () => {
          if (tip) tip.style.display = 'none';
        });
      },
      setCursor: (u) => {
        if (!tip) return;
        const { left, top } = u.cursor;
        const content = left == null || left < 0 || top == null ? null : text(u);
        if (!content || left == null || top == null) {
          tip.style.display = 'none';
          return;
        }
        tip.textContent = content;
        tip.style.display = 'block';
        const width = u.over.clientWidth;
        const flip = left + tip.offsetWidth + 16 > width;
        tip.style.left = `${flip ? Math.max(0, left - tip.offsetWidth - 12) : left + 12}px`;
        tip.style.top = `${Math.max(0, top - tip.offsetHeight - 8)}px`;
      },
    },
  };
}

/** The axis options shared by every chart: theme colours, grid and the font of the interface. */
export function themedAxis(theme: ChartTheme, extra: uPlot.Axis = {}): uPlot.Axis {
  return {
    stroke: theme.text,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    font: '11px Inter, system-ui, sans-serif',
    ...extra,
  };
}

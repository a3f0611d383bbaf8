import 'uplot/dist/uPlot.min.css';
import { Box } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import classes from './charts.module.css';

export interface UplotChartProps {
  /** Everything but the size; a new object draws the chart anew (keep it memoised). */
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height: number;
}

/**
 * The one place that touches uPlot's lifecycle: creates the chart when the container has a width, follows
 * the container's width, swaps data without rebuilding, and destroys the chart on unmount.
 */
export function UplotChart({ options, data, height }: UplotChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const chart = useRef<uPlot | null>(null);
  const latestData = useRef(data);
  latestData.current = data;
  const hasWidth = width > 0;

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Width changes only resize (below); data changes only swap the data.
  useEffect(() => {
    if (!hasWidth || !ref.current) return;
    const plot = new uPlot(
      { ...options, width: Math.floor(ref.current.clientWidth), height },
      latestData.current,
      ref.current,
    );
    chart.current = plot;
    return () => {
      plot.destroy();
      chart.current = null;
    };
  }, [options, height, hasWidth]);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);

  useEffect(() => {
    if (width > 0) chart.current?.setSize({ width, height });
  }, [width, height]);

  return <Box ref={ref} className={classes.plot} style={{ minHeight: height }} />;
}

'use client';

import { useEffect, useRef } from 'react';

export interface ScheduleChartProps {
  /** Yearly sums, yuan rounded to the yuan. */
  years: { principal: number; interest: number; balance: number }[];
  /** `year` is a pattern with `{n}` (a server component cannot hand a function to a client one). */
  labels: { aria: string; year: string; principal: string; interest: string; balance: string };
  className?: string;
}

/**
 * The repayment schedule as a chart: each year's principal and interest stacked, the balance left as a line.
 * echarts loads here, on first render, in its own chunks: no other page carries it, and this page shows its
 * tables (the same figures) before and without it.
 */
export function ScheduleChart({ years, labels, className }: ScheduleChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let gone = false;
    let dispose: (() => void) | undefined;
    void (async () => {
      const [core, charts, components, renderers] = await Promise.all([
        import('echarts/core'),
        import('echarts/charts'),
        import('echarts/components'),
        import('echarts/renderers'),
      ]);
      if (gone || !box.current) return;
      core.use([
        charts.BarChart,
        charts.LineChart,
        components.GridComponent,
        components.TooltipComponent,
        components.LegendComponent,
        renderers.SVGRenderer,
      ]);
      const chart = core.init(box.current, null, { renderer: 'svg' });
      chart.setOption({
        animation: false,
        tooltip: { trigger: 'axis' },
        legend: { top: 0, data: [labels.principal, labels.interest, labels.balance] },
        grid: { left: 70, right: 70, top: 40, bottom: 30 },
        xAxis: { type: 'category', data: years.map((_, i) => labels.year.replace('{n}', String(i + 1))) },
        yAxis: [{ type: 'value' }, { type: 'value', splitLine: { show: false } }],
        series: [
          {
            name: labels.principal,
            type: 'bar',
            stack: 'pay',
            data: years.map((y) => y.principal),
            itemStyle: { color: '#007c48' },
          },
          {
            name: labels.interest,
            type: 'bar',
            stack: 'pay',
            data: years.map((y) => y.interest),
            itemStyle: { color: '#d0391f' },
          },
          {
            name: labels.balance,
            type: 'line',
            yAxisIndex: 1,
            data: years.map((y) => y.balance),
            itemStyle: { color: '#2a64c8' },
          },
        ],
      });
      dispose = () => chart.dispose();
    })();
    return () => {
      gone = true;
      dispose?.();
    };
  }, [years, labels]);
  return <div ref={box} className={className} role="img" aria-label={labels.aria} data-chart="schedule" />;
}

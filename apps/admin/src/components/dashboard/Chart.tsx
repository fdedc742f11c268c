'use client';

import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useLocale } from 'use-intl';
import styles from './Dashboard.module.css';

// The dashboard's charts (recharts; imported by the dashboard's components only, so no other
// screen's bundle carries it). Each chart is a figure named by `description` and described by the
// table of the same figures (`describedBy`), which is always on the page; recharts' keyboard
// layer lets a keyboard walk the points with their tooltips.

/** Colours told apart by most readers with colour-vision deficiencies (Okabe–Ito). */
const COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9'];

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ChartProps {
  type: 'line' | 'bar';
  rows: readonly Record<string, string | number>[];
  /** The category of each row: a day (YYYY-MM-DD) or a name. */
  categoryKey: string;
  series: readonly ChartSeries[];
  /** Bars of the series stacked on each other (parts of one total). */
  stacked?: boolean;
  /** Categories down the side, bars across (long names: series titles). */
  horizontal?: boolean;
  /** Values in a currency's minor unit, shown in major units. */
  money?: { currency: string; minorUnits: number };
  /** The chart's name, shown above it. */
  title: string;
  /** Said to screen readers after the name: where the same figures are. */
  description: string;
  describedBy: string;
}

export function Chart({
  type,
  rows,
  categoryKey,
  series,
  stacked,
  horizontal,
  money,
  title,
  description,
  describedBy,
}: ChartProps) {
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale, money ? { style: 'currency', currency: money.currency } : {});
  const format = (value: unknown) => {
    const n = typeof value === 'number' ? value : Number(value);
    return numbers.format(money ? n / 10 ** money.minorUnits : n);
  };
  const days = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const category = (value: unknown) => {
    const text = String(value);
    return /^\d{4}-\d{2}-\d{2}$/.test(text) ? days.format(new Date(`${text}T00:00:00Z`)) : text;
  };
  const data = rows as Record<string, string | number>[];
  const grid = <CartesianGrid strokeDasharray="3 3" vertical={false} />;
  const legend = series.length > 1 ? <Legend /> : null;
  const tooltip = <Tooltip formatter={(value) => format(value)} labelFormatter={(label) => category(label)} />;

  return (
    <figure className={styles.chart} aria-describedby={describedBy}>
      <figcaption className={styles.caption}>
        {title}
        <span className="visually-hidden"> {description}</span>
      </figcaption>
      <div className={styles.plot}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 256 }}>
          {type === 'line' ? (
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              {grid}
              <XAxis dataKey={categoryKey} tickFormatter={category} minTickGap={16} />
              <YAxis tickFormatter={format} width={80} allowDecimals={false} />
              {tooltip}
              {legend}
              {series.map((s, i) => (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={COLOURS[i % COLOURS.length]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart
              data={data}
              layout={horizontal ? 'vertical' : 'horizontal'}
              margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
            >
              {grid}
              {horizontal ? (
                <>
                  <XAxis type="number" tickFormatter={format} allowDecimals={false} />
                  <YAxis type="category" dataKey={categoryKey} width={140} tickFormatter={category} />
                </>
              ) : (
                <>
                  <XAxis dataKey={categoryKey} tickFormatter={category} minTickGap={16} />
                  <YAxis tickFormatter={format} width={80} allowDecimals={false} />
                </>
              )}
              {tooltip}
              {legend}
              {series.map((s, i) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={COLOURS[i % COLOURS.length]}
                  stackId={stacked ? 'total' : undefined}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

import { formatScore } from '@yanzhi/contract';
import { useId } from 'react';
import { useProfileText } from './texts';

export interface ScorePoint {
  date: string;
  score: number;
}

const WIDTH = 320;
const HEIGHT = 160;
const PAD = { left: 36, right: 12, top: 12, bottom: 28 };

/** A photo's daily score as an inline SVG polyline, with axis labels and a text description. */
export function ScoreChart({ points, n }: { points: readonly ScorePoint[]; n: number }) {
  const t = useProfileText();
  const descId = useId();
  const scores = points.map((point) => point.score);
  const min = Math.min(...scores);
  const max = Math.max(...scores);
  const low = Math.max(0, min - 20);
  const high = max + 20;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (points.length > 1 ? (index / (points.length - 1)) * innerW : innerW / 2);
  const y = (score: number) => PAD.top + (1 - (score - low) / (high - low)) * innerH;
  const line = points.map((point, index) => `${x(index)},${y(point.score)}`).join(' ');
  const first = points[0];
  const last = points.at(-1);
  const description =
    first && last
      ? t('data.chartDescription', {
          n,
          from: first.date,
          to: last.date,
          first: formatScore(first.score),
          last: formatScore(last.score),
          min: formatScore(min),
          max: formatScore(max),
        })
      : '';
  return (
    <figure className="score-chart">
      <svg
        className="score-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={t('data.chartLabel', { n })}
        aria-describedby={descId}
        data-testid="score-chart"
      >
        <line
          className="score-chart__axis"
          x1={PAD.left}
          y1={PAD.top}
          x2={PAD.left}
          y2={HEIGHT - PAD.bottom}
        />
        <line
          className="score-chart__axis"
          x1={PAD.left}
          y1={HEIGHT - PAD.bottom}
          x2={WIDTH - PAD.right}
          y2={HEIGHT - PAD.bottom}
        />
        <text className="score-chart__label" x={PAD.left - 6} y={y(max) + 4} textAnchor="end">
          {formatScore(max)}
        </text>
        <text className="score-chart__label" x={PAD.left - 6} y={y(min) + 4} textAnchor="end">
          {formatScore(min)}
        </text>
        {first ? (
          <text className="score-chart__label" x={PAD.left} y={HEIGHT - 8} textAnchor="start">
            {first.date.slice(5)}
          </text>
        ) : null}
        {last && points.length > 1 ? (
          <text
            className="score-chart__label"
            x={WIDTH - PAD.right}
            y={HEIGHT - 8}
            textAnchor="end"
          >
            {last.date.slice(5)}
          </text>
        ) : null}
        <polyline className="score-chart__line" points={line} fill="none" />
        {points.map((point, index) => (
          <circle
            key={point.date}
            className="score-chart__dot"
            cx={x(index)}
            cy={y(point.score)}
            r={3}
          />
        ))}
      </svg>
      <figcaption id={descId} className="score-chart__caption">
        {description}
      </figcaption>
    </figure>
  );
}

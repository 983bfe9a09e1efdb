import type { ReactNode } from 'react';
import type { Feature } from '../content/markdown.js';
import { evenRows } from './even-rows.js';
import { featureIcons } from './feature-icons.js';

/** Cards of icon, title and text; `extra` adds something under each card's text. */
export function FeatureGrid({ features, extra }: { features: Feature[]; extra?: (feature: Feature) => ReactNode }) {
  return (
    <ul className="feature-grid" {...evenRows(features.length)}>
      {features.map((feature) => (
        <li className="card feature-card" key={feature.title}>
          <span className="feature-icon">{featureIcons[feature.icon]}</span>
          <h3>{feature.title}</h3>
          <p>{feature.text}</p>
          {extra?.(feature)}
        </li>
      ))}
    </ul>
  );
}

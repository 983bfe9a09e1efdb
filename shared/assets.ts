// Hashed asset URLs from the build manifest, for components that link to them.
import { createContext, useContext } from 'react';
import type { AnimationName } from './content/animations.js';
import type { IslandName } from './island.js';

export interface AssetUrls {
  /** Each island's modules: its own first, then every chunk it imports (fetched side by side, not one after another). */
  islands: Record<IslandName, string[]>;
  stylesheet: string;
  searchIndex: string;
  animations: Record<AnimationName, { still: string; data: string }>;
}

export const AssetsContext = createContext<AssetUrls | null>(null);

export function useAssets(): AssetUrls {
  const assets = useContext(AssetsContext);
  if (!assets) throw new Error('useAssets() needs an <AssetsContext.Provider>');
  return assets;
}

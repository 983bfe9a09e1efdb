// The icons content may name; shared/components/feature-icons.tsx draws each.
// Content names an icon by this string and never imports a component; Markdown
// copy names one as {icon=name} (checked at build time against this list).
export const featureIconNames = [
  'speed',
  'shield',
  'uptime',
  'support',
  'scale',
  'code',
  'storage',
  'backup',
  'panel',
  'wordpress',
  'server',
  'chat',
  'mail',
  'star',
  'wrench',
] as const;

export type FeatureIconName = (typeof featureIconNames)[number];
